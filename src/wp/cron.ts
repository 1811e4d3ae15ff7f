import { createHash } from 'node:crypto';
import { getOption, updateOption } from './options';
import { phpSerialize, type PhpValue } from '../php/php-serialize';
import type { WpData } from './wp-handle';

/**
 * The `cron` option entry WordPress keeps for every scheduled post (_future_post_hook): without it WordPress
 * never publishes the post when its date comes (wp_insert_post() → wp_schedule_single_event(…, 'publish_future_post')).
 */

const HOOK = 'publish_future_post';
type CronArray = Record<string, PhpValue>;

async function readCron(wp: WpData): Promise<CronArray> {
  const value = await getOption(wp, 'cron');
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as CronArray) } : {};
}

/** _set_cron_array(): timestamps ascending, then `version` => 2. */
async function writeCron(wp: WpData, cron: CronArray): Promise<void> {
  const { version: _version, ...events } = cron;
  const ordered: CronArray = {};
  for (const ts of Object.keys(events).sort((a, b) => Number(a) - Number(b))) {
    const hooks = events[ts];
    if (hooks && typeof hooks === 'object' && Object.keys(hooks).length > 0) ordered[ts] = hooks;
  }
  ordered.version = 2;
  await updateOption(wp, 'cron', ordered);
}

const eventKey = (postId: number) => createHash('md5').update(phpSerialize([postId])).digest('hex');

/** Removes the post's publish event wherever it is scheduled (wp_clear_scheduled_hook). */
function clear(cron: CronArray, postId: number): void {
  const key = eventKey(postId);
  for (const [ts, hooks] of Object.entries(cron)) {
    if (ts === 'version' || !hooks || typeof hooks !== 'object') continue;
    const events = (hooks as Record<string, Record<string, PhpValue>>)[HOOK];
    if (events && key in events) {
      delete events[key];
      if (Object.keys(events).length === 0) delete (hooks as Record<string, PhpValue>)[HOOK];
    }
  }
}

export async function scheduleFuturePost(wp: WpData, postId: number, postDateGmt: string): Promise<void> {
  const cron = await readCron(wp);
  clear(cron, postId);
  const ts = String(Math.floor(Date.parse(`${postDateGmt.replace(' ', 'T')}Z`) / 1000));
  const hooks = (cron[ts] ?? {}) as Record<string, Record<string, PhpValue>>;
  hooks[HOOK] = { ...(hooks[HOOK] ?? {}), [eventKey(postId)]: { schedule: false, args: [postId] } };
  cron[ts] = hooks;
  await writeCron(wp, cron);
}

export async function unscheduleFuturePost(wp: WpData, postId: number): Promise<void> {
  const cron = await readCron(wp);
  if (Object.keys(cron).length === 0) return;
  clear(cron, postId);
  await writeCron(wp, cron);
}
