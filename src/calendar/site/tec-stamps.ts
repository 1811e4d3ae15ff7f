import { updateOption } from '../../wp/options';
import type { WpData } from '../../wp/wp-handle';

/**
 * The Events Calendar's cache stamps, options holding the `microtime( true )` of the last change its caches follow:
 * `tribe_last_save_post` after a save or delete of its posts (and a change of its options, the week's first day or
 * the permalinks), `tribe_last_updated_option` after a change of those options or of the site's language.
 */

const microtime = (now: Date) => (now.getTime() / 1000).toFixed(4);

export const stampLastSavePost = (wp: WpData, now: Date) => updateOption(wp, 'tribe_last_save_post', microtime(now));
export const stampLastUpdatedOption = (wp: WpData, now: Date) => updateOption(wp, 'tribe_last_updated_option', microtime(now));

/** The options whose change stamps `tribe_last_updated_option` (Tribe__Cache_Listener's `updated_option` triggers). */
const UPDATED_OPTION_TRIGGERS = ['active_plugins', 'tribe_events_calendar_options', 'permalink_structure', 'rewrite_rules', 'start_of_week', 'sidebars_widgets', 'stylesheet', 'template', 'WPLANG'];
/** The options whose change stamps `tribe_last_save_post` too. */
const SAVE_POST_TRIGGERS = ['tribe_events_calendar_options', 'permalink_structure', 'rewrite_rules', 'start_of_week'];

/** The stamps of a change of these options, in the order the plugin's listeners run. */
export async function stampOptionsUpdated(wp: WpData, now: Date, options: readonly string[]): Promise<void> {
  if (options.some((o) => UPDATED_OPTION_TRIGGERS.includes(o))) await stampLastUpdatedOption(wp, now);
  if (options.some((o) => SAVE_POST_TRIGGERS.includes(o))) await stampLastSavePost(wp, now);
}
