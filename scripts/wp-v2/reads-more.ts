import type { WpCalendar } from './calendar';
import { CALLERS, type WpCaller, type WpExchange } from './http';

/**
 * The other reads a `wp/v2` client makes around the calendar: the two taxonomies' terms, media, the current user,
 * settings, types, taxonomies, statuses, search, revisions and autosaves, OPTIONS of every route, and the indexes.
 */

const C = '/wp/v2/tribe_events_cat';
const T = '/wp/v2/tags';
const M = '/wp/v2/media';

export function moreReads(cal: WpCalendar): WpExchange[] {
  const out: WpExchange[] = [];
  const get = (name: string, path: string, callers: WpCaller[] = ['anon', 'admin']) => {
    for (const as of callers) out.push({ name: `${name} [${as}]`, method: 'GET', path, as });
  };
  const { music, jazz, bebop } = cal.categories;
  const ev = cal.events;

  for (const [name, path] of [['categories', C], ['tags', T]] as const) {
    get(`${name} default`, path);
    get(`${name} context=edit`, `${path}?context=edit`, CALLERS);
    get(`${name} context=embed`, `${path}?context=embed`, ['anon']);
    get(`${name} hide_empty`, `${path}?hide_empty=true`);
    get(`${name} post jazz`, `${path}?post=${ev.jazz}`);
    get(`${name} post private`, `${path}?post=${ev.private}`);
    get(`${name} post draft`, `${path}?post=${ev.draft}`, ['anon', 'contributor', 'admin']);
    get(`${name} post missing`, `${path}?post=999999`, ['anon']);
    get(`${name} per_page 2 page 2`, `${path}?per_page=2&page=2`, ['anon']);
    get(`${name} page beyond`, `${path}?page=9`, ['anon']);
    get(`${name} per_page 0`, `${path}?per_page=0`, ['anon']);
    get(`${name} offset`, `${path}?offset=2`, ['anon']);
    get(`${name} search`, `${path}?search=a`, ['anon']);
    get(`${name} slug list`, `${path}?slug=jazz,free,music`, ['anon']);
    get(`${name} _embed`, `${path}?_embed`, ['anon']);
    get(`${name} _fields`, `${path}?_fields=id,name,count`, ['anon']);
    for (const orderby of ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count', 'bogus']) {
      get(`${name} orderby ${orderby}`, `${path}?orderby=${orderby}&order=desc${orderby === 'include' ? `&include=${jazz},${music}` : ''}${orderby === 'include_slugs' ? '&slug=jazz,music' : ''}`, ['anon']);
    }
  }
  get('categories parent 0', `${C}?parent=0`, ['anon']);
  get('categories parent music', `${C}?parent=${music}`, ['anon']);
  get('categories include', `${C}?include=${bebop},${music}`, ['anon']);
  get('categories exclude', `${C}?exclude=${music}`, ['anon']);
  get('categories slug', `${C}?slug=jazz`, ['anon']);
  get('tags parent', `${T}?parent=0`, ['anon']);
  for (const [key, id] of Object.entries(cal.categories)) get(`category ${key}`, `${C}/${id}`, ['anon']);
  get('category jazz context=edit', `${C}/${jazz}?context=edit`, ['anon', 'contributor', 'author', 'editor', 'admin']);
  get('category bebop _embed', `${C}/${bebop}?_embed`, ['anon']);
  get('category missing', `${C}/999999`, ['anon']);
  get('category id of a tag', `${C}/${cal.tags.free}`, ['anon']);
  for (const [key, id] of Object.entries(cal.tags)) get(`tag ${key}`, `${T}/${id}`, ['anon']);
  get('tag free context=edit', `${T}/${cal.tags.free}?context=edit`, ['contributor', 'admin']);

  get('media default', M, ['anon', 'author', 'admin']);
  get('media context=edit', `${M}?context=edit`, CALLERS);
  get('media media_type image', `${M}?media_type=image`, ['anon']);
  get('media media_type bogus', `${M}?media_type=bogus`, ['anon']);
  get('media mime_type png', `${M}?mime_type=image/png`, ['anon']);
  get('media parent event', `${M}?parent=${ev.authorPub}`, ['anon']);
  get('media parent 0', `${M}?parent=0`, ['anon']);
  get('media author', `${M}?author=${cal.users.author.id}`, ['anon']);
  get('media _embed', `${M}?_embed`, ['anon']);
  for (const [key, id] of Object.entries(cal.media)) {
    get(`media ${key}`, `${M}/${id}`, ['anon', 'admin']);
    get(`media ${key} context=edit`, `${M}/${id}?context=edit`, ['author', 'editor', 'admin']);
  }
  get('media poster _embed', `${M}/${cal.media.poster}?_embed`, ['anon']);
  get('media missing', `${M}/999999`, ['anon']);
  get('media id of an event', `${M}/${ev.jazz}`, ['anon']);

  get('users/me', '/wp/v2/users/me', [...CALLERS, 'badpass']);
  get('users/me context=edit', '/wp/v2/users/me?context=edit', CALLERS);
  get('users/me context=embed', '/wp/v2/users/me?context=embed', ['subscriber']);
  for (const role of ['subscriber', 'contributor', 'author', 'editor', 'admin'] as const) get(`user ${role}`, `/wp/v2/users/${cal.users[role].id}`, ['anon', 'author']);
  get('users', '/wp/v2/users', ['anon', 'author', 'admin']);
  get('settings', '/wp/v2/settings', [...CALLERS, 'badpass']);

  get('types', '/wp/v2/types', ['anon', 'admin']);
  get('types context=edit', '/wp/v2/types?context=edit', ['anon', 'contributor', 'admin']);
  for (const type of ['tribe_events', 'tribe_venue', 'tribe_organizer', 'post', 'attachment', 'tec_calendar_embed']) {
    get(`type ${type}`, `/wp/v2/types/${type}`, ['anon']);
    get(`type ${type} context=edit`, `/wp/v2/types/${type}?context=edit`, ['contributor', 'admin']);
  }
  get('type missing', '/wp/v2/types/bogus', ['anon']);
  get('taxonomies', '/wp/v2/taxonomies', ['anon', 'admin']);
  get('taxonomies context=edit', '/wp/v2/taxonomies?context=edit', ['anon', 'contributor', 'admin']);
  get('taxonomies type tribe_events', '/wp/v2/taxonomies?type=tribe_events', ['anon']);
  get('taxonomies type tribe_venue', '/wp/v2/taxonomies?type=tribe_venue', ['anon']);
  for (const tax of ['tribe_events_cat', 'post_tag', 'category']) {
    get(`taxonomy ${tax}`, `/wp/v2/taxonomies/${tax}`, ['anon']);
    get(`taxonomy ${tax} context=edit`, `/wp/v2/taxonomies/${tax}?context=edit`, ['contributor', 'admin']);
  }
  get('taxonomy missing', '/wp/v2/taxonomies/bogus', ['anon']);
  get('statuses', '/wp/v2/statuses', ['anon', 'admin']);
  get('search', '/wp/v2/search?search=event', ['anon']);
  get('search subtype tribe_events', '/wp/v2/search?search=jazz&subtype=tribe_events', ['anon', 'admin']);
  get('search type term', '/wp/v2/search?search=jazz&type=term', ['anon']);

  // Revisions and autosaves of the calendar's types.
  const E = '/wp/v2/tribe_events';
  get('revisions talk', `${E}/${ev.talk}/revisions`, CALLERS);
  get('revisions talk context=embed', `${E}/${ev.talk}/revisions?context=embed`, ['admin']);
  get('revisions of an event without any', `${E}/${ev.paris}/revisions`, ['admin']);
  get('revisions of a draft', `${E}/${ev.contribDraft}/revisions`, ['contributor', 'editor']);
  get('revisions missing parent', `${E}/999999/revisions`, ['admin']);
  get('autosaves talk', `${E}/${ev.talk}/autosaves`, ['anon', 'author', 'admin']);
  get('revisions venue', `/wp/v2/tribe_venue/${cal.venues.hall}/revisions`, ['admin']);
  get('autosaves organizer', `/wp/v2/tribe_organizer/${cal.organizers.jazz}/autosaves`, ['admin']);

  get('index', '/', ['anon', 'admin']);
  get('namespace wp/v2', '/wp/v2', ['anon']);
  get('no route', '/wp/v2/tribe_event', ['anon']);
  out.push({ name: 'PUT on a collection [admin]', method: 'PUT', path: E, as: 'admin', body: { title: 'x' } });

  const routes = [
    E, `${E}/${ev.jazz}`, `${E}/${ev.talk}/revisions`, `${E}/${ev.talk}/autosaves`, '/wp/v2/tribe_venue', `/wp/v2/tribe_venue/${cal.venues.hall}`,
    '/wp/v2/tribe_organizer', `/wp/v2/tribe_organizer/${cal.organizers.jazz}`, C, `${C}/${music}`, T, `${T}/${cal.tags.free}`, M, `${M}/${cal.media.poster}`,
    '/wp/v2/users/me', '/wp/v2/settings', '/wp/v2/types', '/wp/v2/types/tribe_events', '/wp/v2/taxonomies', '/wp/v2/taxonomies/tribe_events_cat', '/', '/wp/v2',
  ];
  for (const path of routes) for (const as of ['anon', 'author', 'admin'] as WpCaller[]) out.push({ name: `OPTIONS ${path} [${as}]`, method: 'OPTIONS', path, as });
  return out;
}
