import { ChangeStamps, requestMark } from '../../src/db/stamped-cache';
import { dialectFor } from '../../src/db/dialect';

/**
 * A fact about the schema (which triggers a table has) is found once per schema mark: found again when the mark
 * moved (a statement that can take a table or a trigger away ran), every time without a mark (SQLite), and again
 * after a lookup that failed.
 */

const stamps = () => new ChangeStamps(dialectFor({ client: 'mysql', connection: {} } as never));

it('is found once per mark, and again when the mark moves', async () => {
  const facts = stamps();
  let lookups = 0;
  const find = async () => ++lookups;
  expect(await facts.schemaFact('triggers', 'Com_drop_table=1 Uptime=5', find)).toBe(1);
  expect(await facts.schemaFact('triggers', 'Com_drop_table=1 Uptime=5', find)).toBe(1);
  expect(await facts.schemaFact('triggers', 'Com_drop_table=2 Uptime=5', find)).toBe(2);
  expect(await facts.schemaFact('other table', 'Com_drop_table=2 Uptime=5', find)).toBe(3);
  expect(lookups).toBe(3);
});

it('without a mark, or after a lookup that failed, is found every time', async () => {
  const facts = stamps();
  let lookups = 0;
  expect(await facts.schemaFact('triggers', undefined, async () => ++lookups)).toBe(1);
  expect(await facts.schemaFact('triggers', undefined, async () => ++lookups)).toBe(2);
  await expect(facts.schemaFact('failing', 'm', () => Promise.reject(new Error('lost connection')))).rejects.toThrow('lost connection');
  expect(await facts.schemaFact('failing', 'm', async () => 'found')).toBe('found');
});

describe('a request’s schema mark (requestMark)', () => {
  it('is read alone once, by the first that asks', async () => {
    let reads = 0;
    const mark = requestMark(async () => `Uptime=${++reads}`);
    expect(await Promise.all([mark(), mark()])).toEqual(['Uptime=1', 'Uptime=1']);
    expect(mark.claim?.()).toBeUndefined();
    expect(reads).toBe(1);
  });

  it('claimed by a statement before anyone asked: what it settles is the mark, and nothing reads it alone', async () => {
    let reads = 0;
    const mark = requestMark(async () => `Uptime=${++reads}`);
    const settle = mark.claim?.();
    expect(settle).toBeDefined();
    expect(mark.claim?.()).toBeUndefined();
    const asked = mark();
    settle!(Promise.resolve('Uptime=9'));
    expect(await asked).toBe('Uptime=9');
    expect(reads).toBe(0);
  });
});
