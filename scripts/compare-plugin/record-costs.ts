import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { call } from './http';
import { connectOracleDb, pluginSide, resetOracleDb, root } from './oracle';

/**
 * Records how the real plugin reads costs (tests/fixtures/plugin/costs.json): for each cost written on create, the
 * `_EventCost` rows and currency meta it stored, and its `cost`, `cost_details` and JSON-LD offer price on read.
 *
 *   npx tsx scripts/compare-plugin/record-costs.ts     (ORACLE_PORT 8083, ORACLE_DB tecoracle_a, as run.ts)
 */


/** Lists, trailing and leading separators, zeros, text prices, thousands, currency symbols, ranges. */
const COSTS: unknown[] = [
  '0, 10, 20', '0,10,20', '10, 20', '5, 10, 15', '0', '0.00', '0.0', '00', '10, 0', '20, 10', 'Free, 10', '10.50, 20',
  '$5, $10', '5 10', '0 - 10', '10 20 30', '1,000', '1,000, 5', 'Donation, 10', '10, Donation', '.5, 10', '0, 10',
  '0,5', '5,', ', 5', '5;10', '5/10', '10.5, 20.25', '10-20', '$10 - $20', '20€', 'Free', 'Donation', '', 0, 12, ['0', '10'],
  ['5', 'Free'], '1.234,56', '1.000.000', '0.004',
];

async function main(): Promise<void> {
  const plugin = pluginSide();
  resetOracleDb();
  const db = await connectOracleDb();
  const out = [];
  for (const cost of COSTS) {
    const created = await call(plugin, 'admin', 'POST', '/tribe/events/v1/events', { title: 'Cost', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', cost });
    const read = await call(plugin, 'anon', 'GET', `/tribe/events/v1/events/${created.id}`);
    const [meta] = await db.query("SELECT meta_key, meta_value FROM wp_postmeta WHERE post_id = ? AND meta_key IN ('_EventCost', '_EventCurrencySymbol', '_EventCurrencyPosition') ORDER BY meta_id", [created.id]);
    const rows = meta as Array<{ meta_key: string; meta_value: string }>;
    out.push({
      written: cost,
      costRows: rows.filter((r) => r.meta_key === '_EventCost').map((r) => r.meta_value),
      currencySymbol: rows.find((r) => r.meta_key === '_EventCurrencySymbol')?.meta_value ?? null,
      currencyPosition: rows.find((r) => r.meta_key === '_EventCurrencyPosition')?.meta_value ?? null,
      cost: read.cost,
      cost_details: read.cost_details,
      offers: read.json_ld?.offers ?? null,
    });
  }
  await db.end();
  resetOracleDb();
  writeFileSync(resolve(root, 'tests/fixtures/plugin/costs.json'), `${JSON.stringify({ recordedAt: new Date().toISOString(), costs: out }, null, 1)}\n`);
  process.stdout.write(`recorded ${out.length} costs\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
