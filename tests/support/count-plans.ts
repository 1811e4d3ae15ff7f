import type { WpData } from '../../src/wp/wp-handle';

/**
 * The plan of a total read from an index's counts (src/calendar/data/event-count-query.ts): the counters by their
 * primary key's ranges, and the index `table` (its rows) by its UTC window key, for the window's first day up to
 * its start (the test sites are on UTC, whose lists count on the UTC dates). Nothing is read whole.
 */
export function expectCountsPlan(wp: WpData, plan: string[], table: string): void {
  if (wp.dialect.name === 'sqlite') {
    expect(plan.filter((line) => /^SCAN (?!CONSTANT ROW)/.test(line))).toEqual([]);
    const counters = plan.filter((line) => /^SEARCH (c|mo) /.test(line));
    expect(counters.length).toBeGreaterThan(0);
    for (const line of counters) expect(line).toMatch(/ USING PRIMARY KEY \(post_status=\? AND hidden=\? AND mode=\? AND span=\?/);
    for (const line of plan.filter((l) => / x /.test(`${l} `))) {
      expect(line).toMatch(new RegExp(`^SEARCH x USING (COVERING )?INDEX wp_${table}__utc_window \\(post_status=\\? AND hidden=\\? AND start_date_utc>\\? AND start_date_utc<\\?\\)`));
    }
  } else {
    expect(plan.filter((line) => / type=ALL /.test(line))).toEqual([]);
    const counters = plan.filter((line) => /^table=(c|mo) /.test(line));
    expect(counters.length).toBeGreaterThan(0);
    for (const line of counters) expect(line).toMatch(/ type=(range|ref) key=PRIMARY /);
    for (const line of plan.filter((l) => l.startsWith('table=x '))) expect(line).toMatch(/ type=range key=utc_window /);
  }
}
