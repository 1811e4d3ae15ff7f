import { ZERO_DATE, type PostRow } from '../../wp/posts';
import { isTruthy } from '../../php/truthiness';
import { loadBundle } from '../post-resource/post-bundle';
import type { PostTypeDefinition } from '../registry/post-type';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { EVENT_META, ORGANIZER_META, VENUE_META, WP_META } from '../registry/meta-keys';
import type { CalendarEnv } from '../site/calendar-env';

/**
 * What a tec/v1 update starts from: the post as a request body would describe it. The plugin's update is partial
 * (what the body leaves out stays) while the type's writer resets some omitted fields as tribe/events/v1 does, so
 * the update hands the writer the stored values of every field the body does not send.
 */
export async function currentBody(env: CalendarEnv, def: PostTypeDefinition, post: PostRow): Promise<Record<string, unknown>> {
  const body = await storedBody(env, def, post);
  // Empty values are what an omitted field reads as: left out, as the writer's arguments refuse them.
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '' && v !== undefined));
}

async function storedBody(env: CalendarEnv, def: PostTypeDefinition, post: PostRow): Promise<Record<string, unknown>> {
  const bundle = await loadBundle(env.ctx.wp, [post.ID], { taxonomies: def.taxonomies, links: def.links, rows: [post] });
  const meta = (key: string) => bundle.main.meta.first(post.ID, key) ?? '';
  const all = (key: string) => bundle.main.meta.all(post.ID, key).map(Number);
  const terms = (taxonomy: string) => (bundle.main.terms.get(post.ID) ?? []).filter((t) => t.taxonomy === taxonomy).map((t) => t.term_id);
  const head = {
    title: post.post_title,
    content: post.post_content,
    excerpt: post.post_excerpt,
    date: post.post_date,
    featured_media: Number(bundle.main.meta.first(post.ID, WP_META.thumbnailId) ?? 0) || undefined,
    ...(post.post_date_gmt !== ZERO_DATE ? { date_gmt: post.post_date_gmt } : {}),
  };
  if (def.postType === POST_TYPE.event) {
    const venue = all(EVENT_META.venueId)[0];
    return {
      ...head,
      start_date: meta(EVENT_META.startDate),
      end_date: meta(EVENT_META.endDate),
      all_day: isTruthy(meta(EVENT_META.allDay)),
      timezone: meta(EVENT_META.timezone) || undefined,
      cost: meta(EVENT_META.cost),
      featured: isTruthy(meta(EVENT_META.featured)),
      sticky: Number(post.menu_order) === -1,
      venues: venue ? [venue] : [],
      organizers: all(EVENT_META.organizerId),
      tags: terms(TAXONOMY.tag),
      tribe_events_cat: terms(TAXONOMY.category),
    };
  }
  if (def.postType === POST_TYPE.venue) {
    return {
      ...head,
      address: meta(VENUE_META.address),
      country: meta(VENUE_META.country),
      city: meta(VENUE_META.city),
      state_province: meta(VENUE_META.stateProvince),
      state: meta(VENUE_META.state),
      province: meta(VENUE_META.province),
      zip: meta(VENUE_META.zip),
      phone: meta(VENUE_META.phone),
      website: meta(VENUE_META.url),
    };
  }
  return { ...head, phone: meta(ORGANIZER_META.phone), website: meta(ORGANIZER_META.website), email: meta(ORGANIZER_META.email) };
}
