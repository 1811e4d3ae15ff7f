import type { TestApp } from '../../support/test-app';
import { startOnWpRows, wpRead, wpReads } from '../../support/wp-v2-answers';
import { recordedExchange, serviceExchange } from '../../support/wp-v2-replay';

/**
 * `/wp/v2/types` and `/wp/v2/taxonomies` (what node-wpapi's wp.types() and wp.taxonomies() read), replayed from the
 * recording of the plugin's site (docs/compat/wp-v2.md §7): every recorded read, each caller and context.
 */

const readNames = Object.keys(wpReads()).filter((name) => ['GET', 'OPTIONS'].includes(wpRead(name).method) && /^\/wp\/v2\/(types|taxonomies)(\/|\?|$)/.test(wpRead(name).path));

describe('types and taxonomies as the plugin site answers them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startOnWpRows();
  });
  afterAll(async () => {
    await t.close();
  });

  it('covers every recorded read', () => expect(readNames.length).toBe(53));

  it.each(readNames)('%s', async (name) => {
    const x = wpRead(name);
    expect(await serviceExchange(t, x)).toEqual(recordedExchange(x));
  });
});
