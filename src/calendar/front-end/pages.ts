import type { CalendarRequestContext } from '../site/calendar-context';
import { restRoot, withQuery } from '../../http/context';
import { escHtml } from '../../wp/text/formatting';
import { findPostBySlug, getPost, type PostRow } from '../../wp/posts';
import { getTermBySlug } from '../../wp/terms';
import { loadBundle } from '../post-resource/post-bundle';
import { calendarEnv, type CalendarEnv } from '../site/calendar-env';
import { PRIMARY_NAMESPACE } from '../registry/identifiers';
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
export async function renderFrontEnd(ctx: CalendarRequestContext, target: FrontEndTarget | null): Promise<RenderedPage> {
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
      const filter = env.registry.taxonomy(target.taxonomy)!.restBase;
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
  const type = env.registry.postType(post.post_type)!;
  const bundle = await loadBundle(env.ctx.wp, [post.ID], { links: type.links });
  const object = type.serialize(env, bundle, post, { jsonLd: false });
  const view = type.frontEnd;
  const title = view.title(object);
  const body = [`<article class="${view.articleClass}">`, `<h1>${title}</h1>`, ...view.details(object, post.post_password !== '').filter(Boolean), '</article>'].join('\n');
  return { status: 200, apiRoot: view.apiRoot === 'item' ? `${events}${post.ID}` : env.root, title, body };
}

function safeDecode(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
