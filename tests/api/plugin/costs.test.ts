import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useCallers, useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * Costs as The Events Calendar 6.17.2 stores and reads them (tests/fixtures/plugin/costs.json, recorded by
 * scripts/compare-plugin/record-costs.ts): the same cost written on create through the service leaves the same
 * `_EventCost` rows (none for "0") and reads back as the same `cost`, `cost_details` and JSON-LD offer price —
 * lists such as "0, 10, 20" show only the price written without a trailing separator ("$20") and list "0." and "10.".
 */

interface RecordedCost {
  written: unknown;
  costRows: string[];
  currencySymbol: string | null;
  currencyPosition: string | null;
  cost: string;
  cost_details: Record<string, unknown>;
  offers: { price: string } | null;
}

const recorded = (JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/plugin/costs.json'), 'utf8')) as { costs: RecordedCost[] }).costs;

const t = useTestApp({ clock: () => new Date('2029-06-01T12:00:00Z') });
const callers = useCallers(t);

it('covers lists, separators, zeros, text prices and currency symbols', () => {
  expect(recorded.length).toBeGreaterThan(35);
});

it.each(recorded.map((r) => [JSON.stringify(r.written), r] as const))('cost %s', async (_, r) => {
  const created = await t.request
    .post(`${TRIBE_API}/events`)
    .set('Authorization', callers.editor.authorization)
    .send({ title: 'Cost', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', cost: r.written });
  expect(created.status).toBe(201);
  const rows: Array<{ meta_key: string; meta_value: string }> = await t.wp
    .knex(t.wp.t.postmeta)
    .where('post_id', created.body.id)
    .whereIn('meta_key', ['_EventCost', '_EventCurrencySymbol', '_EventCurrencyPosition'])
    .orderBy('meta_id');
  expect(rows.filter((m) => m.meta_key === '_EventCost').map((m) => m.meta_value)).toEqual(r.costRows);
  expect(rows.find((m) => m.meta_key === '_EventCurrencySymbol')?.meta_value ?? null).toBe(r.currencySymbol);
  expect(rows.find((m) => m.meta_key === '_EventCurrencyPosition')?.meta_value ?? null).toBe(r.currencyPosition);
  const read = await t.request.get(`${TRIBE_API}/events/${created.body.id}`);
  expect({ cost: read.body.cost, cost_details: read.body.cost_details, price: read.body.json_ld.offers?.price ?? null }).toEqual({
    cost: r.cost,
    cost_details: r.cost_details,
    price: r.offers?.price ?? null,
  });
});
