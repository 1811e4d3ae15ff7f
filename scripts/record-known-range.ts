/**
 * Records how The Events Calendar keeps its known range of event dates (`earliest_date`, `latest_date` and their
 * markers in `tribe_events_calendar_options`, `tribe_last_updated_option`) through a sequence of tribe/events/v1
 * writes: creates in every status, moves, trashes, status changes, ties. After each step: the four values, the
 * markers named by the step that created them, and whether `tribe_last_updated_option` moved. Writes
 * tests/fixtures/plugin/known-range.json (replayed by tests/calendar/data/known-range.test.ts).
 *
 *   (cd ../shared/oracle && ORACLE_PORT=8082 ORACLE_DB=tecoracle_wp ./setup.sh)
 *   ORACLE_PORT=8082 ORACLE_DB=tecoracle_wp npx tsx scripts/record-known-range.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { phpUnserialize } from '../src/php/php-serialize';
import { connectOracleDb, resetOracleDb, root, SITE } from './compare-plugin/oracle';
import { KNOWN_RANGE_STEPS, type KnownRangeState } from './known-range-steps';

async function main(): Promise<void> {
  const work = process.env.ORACLE_WORK ?? `${process.env.TMPDIR ?? '/tmp'}/tec-oracle/${process.env.ORACLE_DB}-${process.env.ORACLE_PORT}`;
  const auth = `Basic ${Buffer.from(readFileSync(`${work}/app-password.txt`, 'utf8').trim()).toString('base64')}`;
  resetOracleDb();
  const db = await connectOracleDb();
  const ids = new Map<string, number>();
  const read = async (): Promise<{ state: Omit<KnownRangeState, 'stamped'>; stamp: string }> => {
    const [rows] = (await db.query("SELECT option_name, option_value FROM wp_options WHERE option_name IN ('tribe_events_calendar_options', 'tribe_last_updated_option')")) as unknown as [Array<{ option_name: string; option_value: string }>];
    const options = phpUnserialize(rows.find((r) => r.option_name === 'tribe_events_calendar_options')!.option_value) as Record<string, unknown>;
    const name = (id: unknown) => [...ids].find(([, v]) => v === Number(id))?.[0] ?? `#${String(id)}`;
    const markers = (key: string) => (Array.isArray(options[key]) ? (options[key] as unknown[]).map(name) : null);
    return {
      state: { earliest: (options.earliest_date as string) ?? null, earliestMarkers: markers('earliest_date_markers'), latest: (options.latest_date as string) ?? null, latestMarkers: markers('latest_date_markers') },
      stamp: rows.find((r) => r.option_name === 'tribe_last_updated_option')?.option_value ?? '',
    };
  };
  const out: Array<{ step: string; state: KnownRangeState }> = [];
  let { stamp } = await read();
  try {
    for (const step of KNOWN_RANGE_STEPS) {
      const path = step.path.replace(/\{(\w+)\}/g, (_, n: string) => String(ids.get(n)));
      const res = await fetch(`${SITE}/wp-json/tribe/events/v1${path}`, { method: step.method, headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: step.body ? JSON.stringify(step.body) : undefined });
      const body = (await res.json()) as { id?: number };
      if (res.status >= 300) throw new Error(`${step.name}: ${res.status} ${JSON.stringify(body)}`);
      if (step.creates) ids.set(step.creates, Number(body.id));
      const now = await read();
      out.push({ step: step.name, state: { ...now.state, stamped: now.stamp !== stamp } });
      stamp = now.stamp;
    }
  } finally {
    await db.end();
    resetOracleDb();
  }
  writeFileSync(resolve(root, 'tests/fixtures/plugin/known-range.json'), `${JSON.stringify({ recordedFrom: 'WordPress 7.0.4 with The Events Calendar 6.17.2', steps: out }, null, 1)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
