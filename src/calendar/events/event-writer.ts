import { scaleBackStatus } from '../registry/capabilities';
import { phpEmpty } from '../../php/builtins';
import { utcToLocal } from '../../php/date-time';
import { sanitizeUrl } from '../../wp/text/formatting';
import { savedMeta } from '../post-resource/saved-meta';
import { tecSanitizeString } from '../post-resource/tec-sanitize';
import { addPostMeta, deletePostMeta, loadPostMeta, replacePostMeta, updatePostMeta } from '../../wp/postmeta';
import { getPost, type PostRow } from '../../wp/posts';
import { updatePost } from '../../wp/post-writer';
import type { WpData } from '../../wp/wp-handle';
import { syncCustomTables } from '../data/custom-tables';
import type { CalendarEnv } from '../site/calendar-env';
import { TAXONOMY } from '../registry/identifiers';
import { EVENT_META, ORIGIN, WP_META } from '../registry/meta-keys';
import { writeFields } from '../post-resource/meta-fields';
import type { PostWriter, WriteInput } from '../post-resource/define';
import { attachmentForUrl } from '../post-resource/attachments';
import { timezoneAbbr } from '../dates/timezones';
import { nowLocal, postDates, saveThumbnail } from '../post-resource/post-dates';
import { parseCurrencyPosition, parseCurrencySymbol } from './cost';
import { computeEventDates, eventTimezone } from './event-dates';
import type { EventWriteArgs } from './event-args';
import { EVENT_FIELDS } from './event-fields';
import { createInlineLinks, publishLinkedPosts, saveLinks, type LinkKind } from './event-links';
import { assignTerms } from './event-terms';

/**
 * What an event create or update writes (Tribe__Events__REST__V1__Endpoints__Single_Event::create/update,
 * Tribe__Events__API::saveEventMeta): the post fields, then every meta key in the plugin's format. Updates are not
 * partial for the fields the plugin resets when omitted.
 */

const given = (input: WriteInput<EventWriteArgs>, name: keyof EventWriteArgs) => input.args[name] !== undefined;

async function postFields(env: CalendarEnv, input: WriteInput<EventWriteArgs>, existing?: PostRow) {
  const a = input.args;
  const timezone = eventTimezone(env, a.timezone);
  // The plugin resets the publication date to "now" when an update does not send one.
  const dates = a.date !== undefined || a.date_utc !== undefined ? postDates(env, a, timezone) : nowLocal(env);
  return {
    ...(!existing || given(input, 'title') ? { post_title: a.title ?? '' } : {}),
    ...(!existing || given(input, 'description') ? { post_content: a.description ?? '' } : {}),
    ...(!existing || given(input, 'excerpt') ? { post_excerpt: a.excerpt ?? '' } : {}),
    ...(given(input, 'slug') && !(existing && input.params.slug === existing.post_name) ? { post_name: a.slug } : {}),
    post_status: scaleBackStatus(env.registry, env.ctx.principal, a.status),
    ...(given(input, 'author') ? { post_author: Number(a.author) } : existing ? {} : { post_author: env.ctx.principal.userId }),
    // Only `date_utc`: the local date follows it, on creates and updates alike.
    post_date: dates.post_date ?? (dates.post_date_gmt === undefined ? nowLocal(env).post_date : utcToLocal(dates.post_date_gmt, env.siteZone)),
    post_date_gmt: dates.post_date_gmt,
    // A new event is inserted with 0 and made sticky by a second save (saveMeta).
    menu_order: existing && a.sticky ? -1 : 0,
    // A draft keeps an explicit new date only when the update also sets its status.
    edit_date: a.date !== undefined && a.status !== undefined,
  };
}

/** Returns whether new dates were written. */
async function writeDates(env: CalendarEnv, wp: WpData, id: number, input: WriteInput<EventWriteArgs>, existing?: PostRow): Promise<boolean> {
  const a = input.args;
  const timezone = eventTimezone(env, a.timezone);
  const allDay = Boolean(a.all_day);
  let start = a.start_date;
  let end = a.end_date;
  const stored = existing ? await loadPostMeta(wp, [id], [EVENT_META.startDate, EVENT_META.endDate, EVENT_META.startDateUtc]) : undefined;
  if (stored && (start === undefined || end === undefined)) {
    // One side alone is ignored, unless the event is all-day: then the stored side completes it.
    if (allDay) {
      start ??= stored.first(id, EVENT_META.startDate) ?? undefined;
      end ??= stored.first(id, EVENT_META.endDate) ?? undefined;
    } else {
      start = end = undefined;
    }
  }
  // Through the ORM the dates of an all-day event are rounded only by a write that says it is all-day.
  const rounded = allDay && (!input.orm || input.orm.allDaySent);
  const dates = start !== undefined && end !== undefined ? computeEventDates(env, { start, end, allDay: rounded, timezone }) : undefined;
  if (dates) {
    await updatePostMeta(wp, id, EVENT_META.startDate, dates.start);
    await updatePostMeta(wp, id, EVENT_META.endDate, dates.end);
    await updatePostMeta(wp, id, EVENT_META.startDateUtc, dates.startUtc);
    await updatePostMeta(wp, id, EVENT_META.endDateUtc, dates.endUtc);
    // Through the ORM (tec/v1) the duration is the span sent, all-day or not, and only when the request sent both dates.
    const duration = input.orm ? (input.orm.datesSent ? dates.sentDuration : undefined) : dates.duration;
    if (duration !== undefined) await updatePostMeta(wp, id, EVENT_META.duration, String(duration));
    await updatePostMeta(wp, id, EVENT_META.timezoneAbbr, dates.abbr);
  } else if (stored) {
    // Without new dates the stored wall clocks stay; the zone (reset to the site's when omitted) and its
    // abbreviation at the stored start are rewritten.
    const startUtc = stored.first(id, EVENT_META.startDateUtc);
    const at = startUtc ? new Date(`${startUtc.replace(' ', 'T')}Z`) : env.ctx.now;
    await updatePostMeta(wp, id, EVENT_META.timezoneAbbr, timezoneAbbr(timezone, at));
  }
  await updatePostMeta(wp, id, EVENT_META.timezone, timezone);
  // REST writes store the flag as "1", and "" once an update clears it (a create of a timed event writes none); the
  // ORM never clears it.
  if (allDay) await updatePostMeta(wp, id, EVENT_META.allDay, '1');
  else if (existing && !input.orm) await updatePostMeta(wp, id, EVENT_META.allDay, '');
  return dates !== undefined;
}

/**
 * `_EventCost` and the currency the cost was written with (Single_Event::prepare_postarr, saveEventMeta): a create
 * keeps only what is not empty() (array_filter), so "0" stores no cost and a cost without a symbol no currency; an
 * update writes the parsed symbol and position whatever they are, "" when the cost has none ("20" after "€15").
 */
async function writeCost(env: CalendarEnv, wp: WpData, id: number, input: WriteInput<EventWriteArgs>, isUpdate: boolean): Promise<void> {
  const cost = input.args.cost;
  const given = cost !== undefined && cost !== null;
  if (!given && !isUpdate) return;
  // The ORM (tec/v1) stores the cost as sent and no currency.
  if (input.orm) {
    if (given) await updatePostMeta(wp, id, EVENT_META.cost, savedMeta(env, EVENT_META.cost, typeof cost === 'string' ? tecSanitizeString(cost) : String(cost)));
    return;
  }
  const symbol = given ? parseCurrencySymbol(cost) : false;
  const position = given ? parseCurrencyPosition(cost) : false;
  // The plugin's meta order: the symbol, its position, then the cost; strings through tec_sanitize_string(), then as
  // update_metadata() stores them (saved-meta.ts); false is stored as "".
  if (isUpdate || !phpEmpty(symbol)) await updatePostMeta(wp, id, EVENT_META.currencySymbol, symbol === false ? '' : savedMeta(env, EVENT_META.currencySymbol, tecSanitizeString(symbol)));
  if (isUpdate || !phpEmpty(position)) await updatePostMeta(wp, id, EVENT_META.currencyPosition, position === false ? '' : position);
  if (!given) {
    await deletePostMeta(wp, id, EVENT_META.cost);
  } else if (isUpdate || !phpEmpty(cost)) {
    // One cost is stored as a single value (a string through tec_sanitize_string(), "" included); several as one
    // row each, as given (an empty one leaves no row).
    const list: unknown[] = Array.isArray(cost) ? cost : typeof cost === 'object' ? Object.values(cost) : [cost];
    if (list.length === 1) await updatePostMeta(wp, id, EVENT_META.cost, savedMeta(env, EVENT_META.cost, typeof list[0] === 'string' ? tecSanitizeString(list[0]) : String(list[0])));
    else await replacePostMeta(wp, id, EVENT_META.cost, list.map((v) => String(v)).filter((v) => v !== '').map((v) => savedMeta(env, EVENT_META.cost, v)));
  }
}

async function writeFlags(env: CalendarEnv, wp: WpData, id: number, input: WriteInput<EventWriteArgs>, isUpdate: boolean): Promise<void> {
  const a = input.args;
  await updatePostMeta(wp, id, EVENT_META.showMap, a.show_map ? '1' : '');
  await updatePostMeta(wp, id, EVENT_META.showMapLink, a.show_map_link ? '1' : '');
  await writeFields(env, wp, id, EVENT_FIELDS, a);
  // FILTER_SANITIZE_URL and tec_sanitize_string, then as update_metadata() stores it (saved-meta.ts).
  const website = typeof a.website === 'string' ? savedMeta(env, EVENT_META.url, tecSanitizeString(sanitizeUrl(a.website))) : '';
  if (website || (isUpdate && !input.orm)) await updatePostMeta(wp, id, EVENT_META.url, website);
}

export function eventWriter(links: { venue: LinkKind; organizer: LinkKind }): PostWriter<EventWriteArgs> {
  return {
    postFields,
    // The plugin creates inline venues and organizers, and the attachment of a downloaded image, before the
    // event's own post: their ids come first.
    async beforeInsert(env, wp, input) {
      const { image, venue, organizer } = input.args;
      const replaced: Record<string, unknown> = {};
      if (typeof image === 'string' && input.prepared.images.has(image.trim())) replaced.image = String(await attachmentForUrl(env, wp, image.trim(), 0, input.prepared));
      if (venue !== undefined) replaced.venue = await createInlineLinks(env, wp, links.venue, input.prepared, venue);
      if (organizer !== undefined) replaced.organizer = await createInlineLinks(env, wp, links.organizer, input.prepared, organizer);
      return replaced;
    },
    async saveMeta(env, wp, id, input, existing) {
      const isUpdate = existing !== undefined;
      const newDates = await writeDates(env, wp, id, input, existing);
      await writeFlags(env, wp, id, input, isUpdate);
      await writeCost(env, wp, id, input, isUpdate);
      // The plugin inserts a new event with menu_order 0, then saves it again to make it sticky (saveEventMeta): a
      // second wp_update_post(), whose modified date is the time of the write even when `date` set another post
      // date, and which saves the event's first revision.
      if (!isUpdate && input.args.sticky) await updatePost(wp, env.write, id, { menu_order: -1 });
      await saveThumbnail(env, wp, id, input.args.image, isUpdate, input.prepared);
      if (!isUpdate) await addPostMeta(wp, id, EVENT_META.origin, ORIGIN);
      await assignTerms(env, wp, id, TAXONOMY.category, input.args.categories);
      await assignTerms(env, wp, id, TAXONOMY.tag, input.args.tags);
      await saveLinks(env, wp, id, links.venue, input.prepared, input.args.venue);
      // The plugin's update unlinks every organizer when the request names none (omitted or empty).
      await saveLinks(env, wp, id, links.organizer, input.prepared, input.args.organizer, isUpdate);
      if ((await getPost(wp, id))?.post_status === 'publish') {
        const linked = await loadPostMeta(wp, [id], [links.venue.metaKey, links.organizer.metaKey]);
        const ids = [...linked.all(id, links.venue.metaKey), ...linked.all(id, links.organizer.metaKey)].map(Number);
        await publishLinkedPosts(env, wp, ids);
      }
      // Without new dates the plugin leaves the tec_events row's time zone as it was, whatever the meta says.
      await syncCustomTables(wp, id, env.ctx.now, { keepTimezone: !newDates });
    },
    // TEC's ignored-events bookkeeping remembers the status a trashed event had.
    async afterTrash(_env, wp, post) {
      const previous = (await loadPostMeta(wp, [post.ID], [WP_META.trashStatus])).first(post.ID, WP_META.trashStatus);
      await updatePostMeta(wp, post.ID, EVENT_META.ignoredPreviousStatus, previous ?? '');
    },
  };
}
