import { eventDateSource } from '../data/event-date-source';
import type { DateSource } from '../data/event-query';
import type { CalendarEnv } from '../site/calendar-env';

/**
 * Where a request's event lists read dates (eventDateSource), warning once when the occurrence index has gone
 * stale: the plugin's occurrences table was dropped and made again, taking the index's triggers with it. The
 * lists then read the plugin's table itself, correct and slower, until `wp-calendar db:index` (or the next start,
 * on a database the service created) makes the triggers again. Once the index is read again, a later break is
 * warned of again.
 */
const STALE = 'stale-occurrence-index';

export async function listDateSource(env: CalendarEnv): Promise<DateSource> {
  const { wp } = env.ctx;
  const source = await eventDateSource(
    wp,
    env.tec,
    () =>
      env.ctx.warnOnce(
        STALE,
        { table: `${wp.prefix}tec_occurrences`, eventLists: 'occurrences' },
        `the occurrence index no longer follows ${wp.prefix}tec_occurrences (the table was dropped and made again, and its triggers went with it): event lists read ${wp.prefix}tec_occurrences itself until wp-calendar db:index makes the triggers again and recomputes the index (a database the service created gets this at its next start)`,
      ),
    env.ctx.schemaMark,
  );
  if (source === 'occurrence-index') env.ctx.warningResolved(STALE);
  return source;
}
