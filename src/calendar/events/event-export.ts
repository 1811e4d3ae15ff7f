import type { PostRow } from '../../wp/posts';
import { isTruthy, phpBool } from '../../php/truthiness';
import { exportFields } from '../post-resource/meta-fields';
import { commonExportFields } from '../post-resource/post-export';
import { TAXONOMY } from '../registry/identifiers';
import { EVENT_META } from '../registry/meta-keys';
import type { PostExportReader } from '../registry/post-type';
import { EVENT_FIELDS } from './event-fields';

/** An event as the POST /events arguments that recreate its rows, in the order of the create's arguments. */
export function exportEvent(r: PostExportReader, post: PostRow): Record<string, unknown> {
  const meta = r.bundle.main.meta;
  const m = (key: string) => meta.first(post.ID, key) ?? undefined;
  const terms = r.bundle.main.terms.get(post.ID) ?? [];
  const cost = meta.all(post.ID, EVENT_META.cost).filter((v): v is string => Boolean(v));
  const venues = meta.all(post.ID, EVENT_META.venueId).map(Number).filter((id) => id > 0);
  const { id, author, date, date_utc, slug, status, password, description, image } = commonExportFields(r, post);
  const fields = exportFields(EVENT_FIELDS, meta, post.ID);
  return {
    id,
    title: post.post_title,
    status,
    author,
    date,
    date_utc,
    slug,
    password,
    description,
    excerpt: post.post_excerpt,
    timezone: m(EVENT_META.timezone),
    all_day: isTruthy(m(EVENT_META.allDay) ?? ''),
    start_date: m(EVENT_META.startDate),
    end_date: m(EVENT_META.endDate),
    image,
    cost: cost.length > 1 ? cost : cost[0],
    website: m(EVENT_META.url),
    // Flags export what a read shows, so a missing row (shown as true) comes back as true.
    show_map: phpBool(meta.first(post.ID, EVENT_META.showMap), true),
    show_map_link: phpBool(meta.first(post.ID, EVENT_META.showMapLink), true),
    hide_from_listings: fields.hide_from_listings,
    sticky: post.menu_order === -1,
    featured: fields.featured,
    categories: terms.filter((t) => t.taxonomy === TAXONOMY.category).map((t) => t.slug),
    tags: terms.filter((t) => t.taxonomy === TAXONOMY.tag).map((t) => t.slug),
    venue: venues.length > 1 ? venues : venues[0],
    organizer: [...new Set(meta.all(post.ID, EVENT_META.organizerId).map(Number).filter((n) => n > 0))],
    // The field table's other fields; the ones placed above keep their place.
    ...fields,
  };
}
