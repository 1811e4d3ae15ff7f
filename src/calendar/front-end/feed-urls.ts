import type { CalendarRegistry } from '../registry/calendar-registry';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import type { TecSettings } from '../site/tec-settings';

/**
 * Which iCalendar feed a front-end URL with `?ical=1` asks for, in the forms the plugin's views answer: the events
 * archive (`/events/`, `/events/list/`, `/events/month/[YYYY-MM/]`), category and tag archives (`/events/category/
 * [parents/]<slug>/`, `/events/tag/<slug>/`, core's `/tag/<slug>/`, each optionally followed by `list/` or
 * `month/`), single events (`/event/<slug>/`), and the plain query forms (`?post_type=tribe_events`,
 * `?tribe_events=<slug>`, `?tribe_events_cat=<slug>`, `?tag=<slug>`, `eventDisplay`, `eventDate`,
 * `tribe-bar-date`). Pretty paths resolve only when the site has a permalink structure.
 */

export type FeedUrl =
  | { kind: 'archive'; display: 'list' | 'month'; date?: string; term?: { taxonomy: string; slug: string } }
  | { kind: 'single'; slug?: string; id?: number }
  /** A plain term query on a site with pretty permalinks: WordPress's redirect_canonical() sends it to the term's link. */
  | { kind: 'canonical-term'; taxonomy: string; slug: string; keep: Array<[string, string]> };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type FeedType = 'ical' | 'outlook';

/** `ical` or `outlook-ical` in the query string, with any value; Outlook's wins (Tribe__Events__iCal::do_ical_template()). */
export function feedType(query: URLSearchParams): FeedType | null {
  return query.has('outlook-ical') ? 'outlook' : query.has('ical') ? 'ical' : null;
}

/** The view's date: `eventDate`, else `tribe-bar-date`; `Y-m` for a month, `Y-m-d` for a list (a month means its first day). */
function viewDate(display: 'list' | 'month', pathDate: string | undefined, query: URLSearchParams): string | undefined {
  const raw = pathDate ?? query.get('eventDate') ?? query.get('tribe-bar-date') ?? undefined;
  const m = raw ? /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(raw.trim()) : null;
  if (!m) return undefined;
  return display === 'month' ? `${m[1]}-${m[2]}` : `${m[1]}-${m[2]}-${m[3] ?? '01'}`;
}

function display(segment: string | undefined, query: URLSearchParams, fallback: 'list' | 'month'): 'list' | 'month' {
  const value = segment ?? query.get('eventDisplay') ?? fallback;
  return value === 'month' ? 'month' : 'list';
}

export function matchFeedUrl(path: string, query: URLSearchParams, permalinkStructure: string, tec: TecSettings, registry: CalendarRegistry): FeedUrl | null {
  const defaultView = tec.defaultView;
  const eventType = registry.rewrites(tec).find((rewrite) => rewrite.postType === POST_TYPE.event)!;
  if (path === '/' || path === '/index.php') {
    const slug = query.get(eventType.queryVar);
    if (slug) return { kind: 'single', slug };
    const id = query.get('p');
    if (query.get('post_type') === POST_TYPE.event && id && /^\d+$/.test(id)) return { kind: 'single', id: Number(id) };
    for (const [taxonomy, queryVar] of [[TAXONOMY.category, TAXONOMY.category], [TAXONOMY.tag, 'tag']] as const) {
      const termSlug = query.get(queryVar);
      if (!termSlug) continue;
      if (permalinkStructure) {
        const keep = [...query.entries()].filter(([name]) => name !== queryVar);
        return { kind: 'canonical-term', taxonomy, slug: termSlug, keep };
      }
      const view = display(undefined, query, defaultView);
      return { kind: 'archive', display: view, date: viewDate(view, undefined, query), term: { taxonomy, slug: termSlug } };
    }
    if (query.get('post_type') !== POST_TYPE.event) return null;
    const view = display(undefined, query, defaultView);
    return { kind: 'archive', display: view, date: viewDate(view, undefined, query) };
  }
  if (!permalinkStructure) return null;
  const pretty = path.replace(/^\/index\.php(?=\/)/, '');
  const single = new RegExp(`^/${escapeRegex(eventType.rewriteSlug)}/([^/]+)/?$`).exec(pretty);
  if (single) return { kind: 'single', slug: single[1]! };
  const events = escapeRegex(tec.eventsSlug);
  const views = '(?:(list|month)/(?:(\\d{4}-\\d{2}(?:-\\d{2})?)/)?)?';
  const archive = new RegExp(`^/${events}/${views}$`).exec(`${pretty.replace(/\/?$/, '/')}`);
  if (archive) {
    const view = display(archive[1], query, defaultView);
    return { kind: 'archive', display: view, date: viewDate(view, archive[2], query) };
  }
  const terms: Array<[string, RegExp]> = [
    [TAXONOMY.category, new RegExp(`^/${events}/category/(?:[^/]+/)*?([^/]+)/(?:(list|month)/)?$`)],
    [TAXONOMY.tag, new RegExp(`^/${events}/tag/([^/]+)/(?:(list|month)/)?$`)],
    [TAXONOMY.tag, /^\/tag\/([^/]+)\/(?:(list|month)\/)?$/],
  ];
  for (const [taxonomy, pattern] of terms) {
    const m = pattern.exec(pretty.replace(/\/?$/, '/'));
    if (!m || m[1] === 'list' || m[1] === 'month') continue;
    const view = display(m[2], query, defaultView);
    return { kind: 'archive', display: view, date: viewDate(view, undefined, query), term: { taxonomy, slug: m[1]! } };
  }
  return null;
}
