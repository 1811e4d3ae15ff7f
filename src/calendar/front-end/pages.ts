import type { AppContext } from '../../app-context';
import { restRoot, withQuery } from '../../http/context';
import { escHtml } from '../../wp/text/formatting';
import { findPostBySlug, getPost, type PostRow } from '../../wp/posts';
import { getTermBySlug } from '../../wp/terms';
import { loadBundle } from '../bundle';
import { calendarEnv, type CalendarEnv } from '../env';
import { eventObject } from '../events/event-object';
import { POST_TYPE, PRIMARY_NAMESPACE, TAXONOMY } from '../identifiers';
import { organizerObject } from '../organizers/organizer-object';
import { venueObject } from '../venues/venue-object';
import { htmlDocument, type Discovery, type HtmlPage } from './discovery';
import type { FrontEndTarget } from './permalinks';

/**
 * The minimal front-end pages behind the links the API emits: the item's title and, for events, the dates and the
 * venue, read through the data layer and the API's own serializers. Visitors are anonymous (WordPress does not
 * accept application passwords on the front end), so only published posts have a page; anything else is a 404.
 */

export interface RenderedPage {
  status: 200 | 404;
  html: string;
  discovery: Discovery;
}

type Page = HtmlPage & { status: 200 | 404; apiRoot: string };

/** A front-end page, or with no target the 404 page WordPress answers for a URL it cannot resolve. */
export async function renderFrontEnd(ctx: AppContext, target: FrontEndTarget | null): Promise<RenderedPage> {
  const env = await calendarEnv(ctx, PRIMARY_NAMESPACE);
  const page = target ? await pageFor(env, target) : notFound(env.root);
  const discovery: Discovery = { restRoot: restRoot(env.site), apiRoot: page.apiRoot, origin: env.site.home };
  const title = page.title ? `${page.title} &#8211; ${escHtml(env.site.name)}` : escHtml(env.site.name);
  return { status: page.status, html: htmlDocument({ title, body: page.body }, discovery), discovery };
}

/** The plugin's X-TEC-API-ROOT: an event or a term archive names its API URL; every other page the namespace root. */
async function pageFor(env: CalendarEnv, target: FrontEndTarget): Promise<Page> {
  const events = `${env.root}events/`;
  const wp = env.ctx.wp;
  switch (target.kind) {
    case 'home':
      return { status: 200, apiRoot: env.root, title: '', body: `<h1>${escHtml(env.site.name)}</h1>\n<p>${escHtml(env.site.description)}</p>` };
    case 'term': {
      const term = await getTermBySlug(wp, target.taxonomy, safeDecode(target.slug));
      if (!term) return notFound(env.root);
      const filter = target.taxonomy === TAXONOMY.category ? 'categories' : 'tags';
      const body = `<h1>${escHtml(term.name)}</h1>${term.description ? `\n<p>${escHtml(term.description)}</p>` : ''}`;
      return { status: 200, apiRoot: withQuery(events, `${filter}=${term.slug}`), title: escHtml(term.name), body };
    }
    default: {
      const post = target.kind === 'post' ? await findPostBySlug(wp, target.postType, target.slug) : await getPost(wp, target.id);
      if (!post || post.post_type !== target.postType || post.post_status !== 'publish') return notFound(env.root);
      return postPage(env, post, events);
    }
  }
}

function notFound(apiRoot: string): Page {
  return { status: 404, apiRoot, title: 'Page not found', body: '<h1>Page not found</h1>' };
}

async function postPage(env: CalendarEnv, post: PostRow, events: string): Promise<Page> {
  const bundle = await loadBundle(env.ctx.wp, [post.ID], { links: post.post_type === POST_TYPE.event });
  const options = { jsonLd: false } as const;
  if (post.post_type === POST_TYPE.event) {
    const event = eventObject(env, bundle, post, options);
    const title = escHtml(String(event.title));
    const details = post.post_password ? ['<p>This content is password protected.</p>'] : [schedule(event), ...venues(event.venue)];
    return { status: 200, apiRoot: `${events}${post.ID}`, title, body: article('tribe-events-single', title, details) };
  }
  if (post.post_type === POST_TYPE.venue) {
    const venue = venueObject(env, bundle, post, { source: 'main', ...options });
    const title = escHtml(String(venue.venue ?? ''));
    const details = post.post_password ? [] : [`<p class="tribe-venue-address">${escHtml(address(venue))}</p>`];
    return { status: 200, apiRoot: env.root, title, body: article('tribe-venue', title, details) };
  }
  const organizer = organizerObject(env, bundle, post, { source: 'main', ...options });
  const title = escHtml(String(organizer.organizer ?? ''));
  return { status: 200, apiRoot: env.root, title, body: article('tribe-organizer', title, []) };
}

function article(className: string, title: string, details: string[]): string {
  return [`<article class="${className}">`, `<h1>${title}</h1>`, ...details.filter(Boolean), '</article>'].join('\n');
}

/** Start and end as `<time>` elements in the event's wall clock; all-day events show dates only. */
function schedule(event: Record<string, unknown>): string {
  const start = event.start_date as string | null;
  const end = event.end_date as string | null;
  if (!start || !end) return '';
  const allDay = event.all_day === true;
  const show = (wall: string) => `<time datetime="${escHtml(allDay ? wall.slice(0, 10) : wall.replace(' ', 'T'))}">${escHtml(allDay ? wall.slice(0, 10) : wall.slice(0, 16))}</time>`;
  const range = allDay && start.slice(0, 10) === end.slice(0, 10) ? show(start) : `${show(start)} &#8211; ${show(end)}`;
  const zone = !allDay && event.timezone_abbr ? ` ${escHtml(String(event.timezone_abbr))}` : '';
  return `<p class="tribe-events-schedule">${range}${zone}</p>`;
}

/** The event's venue as the API embeds it: one object, or a list (none, or several in legacy data). */
function venues(value: unknown): string[] {
  const list = (Array.isArray(value) ? value : [value]) as Array<Record<string, unknown>>;
  return list.map((venue) => {
    const where = [venue.venue, address(venue)].filter((part) => typeof part === 'string' && part !== '').join(', ');
    return `<p class="tribe-events-venue">${escHtml(where)}</p>`;
  });
}

function address(venue: Record<string, unknown>): string {
  return ['address', 'city', 'stateprovince', 'zip', 'country']
    .map((key) => venue[key])
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(', ');
}

function safeDecode(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
