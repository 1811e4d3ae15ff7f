import { EVENT_KEYS, type WpCalendar } from './calendar';
import { CALLERS, type WpCaller, type WpExchange } from './http';

/**
 * Reads of the calendar's three post types through WordPress's posts controller (`/wp/v2/tribe_events`,
 * `/tribe_venue`, `/tribe_organizer`): the collection as every caller and in every context, each collection
 * parameter and its refusals, each item as the callers whose rights differ on it, `_fields`, `_embed`, passwords.
 */

const E = '/wp/v2/tribe_events';
const V = '/wp/v2/tribe_venue';
const O = '/wp/v2/tribe_organizer';

export function postReads(cal: WpCalendar): WpExchange[] {
  const out: WpExchange[] = [];
  const get = (name: string, path: string, callers: WpCaller[] = ['anon', 'admin']) => {
    for (const as of callers) out.push({ name: `${name} [${as}]`, method: 'GET', path, as });
  };
  const ev = cal.events;
  const { music, jazz, bebop, talks, empty } = cal.categories;
  const { free, family, outdoor, unused } = cal.tags;

  for (const [type, path] of [['events', E], ['venues', V], ['organizers', O]] as const) {
    get(`${type} default`, path, CALLERS);
    get(`${type} context=edit`, `${path}?context=edit`, CALLERS);
    get(`${type} context=embed`, `${path}?context=embed`);
    get(`${type} context=bogus`, `${path}?context=bogus`, ['anon']);
    get(`${type} status=any`, `${path}?status=any&per_page=100`, CALLERS);
    get(`${type} status=draft`, `${path}?status=draft`, CALLERS);
    get(`${type} status=pending,draft`, `${path}?status=pending,draft&context=edit`, ['contributor', 'author', 'editor', 'admin']);
    get(`${type} search`, `${path}?search=Hall`);
    get(`${type} orderby title`, `${path}?orderby=title&order=asc&per_page=100`);
    get(`${type} per_page=2 page=2`, `${path}?per_page=2&page=2`);
    get(`${type} _embed`, `${path}?_embed&per_page=3`);
    out.push({ name: `${type} HEAD [anon]`, method: 'HEAD', path, as: 'anon' });
  }

  const lists: Array<[string, string, WpCaller[]?]> = [
    ['page 2', '?page=2'],
    ['per_page 5 page 3', '?per_page=5&page=3'],
    ['page beyond', '?page=9'],
    ['page 0', '?page=0'],
    ['per_page 0', '?per_page=0'],
    ['per_page 101', '?per_page=101'],
    ['per_page abc', '?per_page=abc'],
    ['per_page 100', '?per_page=100'],
    ['search Paris', '?search=Paris'],
    ['search word10', '?search=word10'],
    ['search two words', '?search=jazz event'],
    ['search exclusion', '?search=event -jazz'],
    ['search_columns title', '?search=word10&search_columns=post_title'],
    ['search_columns content', '?search=word10&search_columns=post_content'],
    ['search_columns bogus', '?search=x&search_columns=bogus'],
    ['search_semantics exact', '?search=event&search_semantics=exact'],
    ['after', '?after=2026-01-05T21:00:00'],
    ['after with zone', '?after=2026-01-05T21:00:00%2B02:00'],
    ['after date only', '?after=2026-01-06'],
    ['after bad', '?after=yesterday'],
    ['before', '?before=2026-01-05T21:00:00'],
    ['after and before', '?after=2026-01-05T18:30:00&before=2026-01-06T05:00:00'],
    ['modified_after', '?modified_after=2026-01-06T00:00:00'],
    ['modified_before', '?modified_before=2026-01-05T20:00:00'],
    ['include', `?include=${ev.paris},${ev.jazz},${ev.draft}`],
    ['include orderby include', `?include=${ev.paris},${ev.jazz},${ev.bebop}&orderby=include`],
    ['include orderby include asc', `?include=${ev.paris},${ev.jazz},${ev.bebop}&orderby=include&order=asc`],
    ['include bad', '?include=abc'],
    ['exclude', `?exclude=${ev.jazz},${ev.talk}`],
    ['offset', '?offset=3&per_page=2'],
    ['offset and page', '?offset=3&per_page=2&page=2'],
    ['order asc', '?order=asc'],
    ['order bogus', '?order=up'],
    ['orderby id', '?orderby=id'],
    ['orderby slug', '?orderby=slug&order=asc'],
    ['orderby modified', '?orderby=modified'],
    ['orderby author', '?orderby=author&per_page=100'],
    ['orderby parent', '?orderby=parent'],
    ['orderby relevance', '?orderby=relevance&search=event jazz'],
    ['orderby relevance without search', '?orderby=relevance'],
    ['orderby include_slugs', '?slug=talk-event,jazz-event&orderby=include_slugs'],
    ['orderby menu_order', '?orderby=menu_order'],
    ['orderby bogus', '?orderby=bogus'],
    ['slug', '?slug=jazz-event'],
    ['slug list', '?slug=jazz-event,talk-event'],
    ['slug array', '?slug[]=jazz-event&slug[]=bebop-event'],
    ['slug of a draft', '?slug=draft-event&status=draft'],
    ['status publish,private', '?status=publish,private', ['anon', 'author', 'editor', 'admin']],
    ['status private', '?status=private', ['anon', 'contributor', 'editor', 'admin']],
    ['status future', '?status=future', ['anon', 'author', 'admin']],
    ['status trash', '?status=trash', ['anon', 'author', 'editor', 'admin']],
    ['status bogus', '?status=bogus'],
    ['author', `?author=${cal.users.author.id}`],
    ['author list', `?author=${cal.users.author.id},${cal.users.editor.id}&status=any`, ['contributor', 'admin']],
    ['author_exclude', `?author_exclude=${cal.users.admin.id}`],
    ['author bad', '?author=abc'],
    ['category', `?tribe_events_cat=${music}`],
    ['category list', `?tribe_events_cat=${jazz},${talks}`],
    ['category children', `?tribe_events_cat[terms]=${music}&tribe_events_cat[include_children]=true`],
    ['category operator AND', `?tribe_events_cat[terms]=${music},${jazz}&tribe_events_cat[operator]=AND`],
    ['category empty', `?tribe_events_cat=${empty}`],
    ['category missing', '?tribe_events_cat=999999'],
    ['category bad', '?tribe_events_cat=music'],
    ['category exclude', `?tribe_events_cat_exclude=${jazz}`],
    ['category exclude children', `?tribe_events_cat_exclude[terms]=${music}&tribe_events_cat_exclude[include_children]=1`],
    ['category private event', `?tribe_events_cat=${music}&status=publish,private`],
    ['tags', `?tags=${free}`],
    ['tags list', `?tags=${free},${outdoor}`],
    ['tags operator AND', `?tags[terms]=${free},${family}&tags[operator]=AND`],
    ['tags unused', `?tags=${unused}`],
    ['tags_exclude', `?tags_exclude=${free}`],
    ['tax_relation AND', `?tags=${free}&tribe_events_cat=${jazz}&tax_relation=AND`],
    ['tax_relation OR', `?tags=${outdoor}&tribe_events_cat=${bebop}&tax_relation=OR`],
    ['tax_relation bogus', `?tags=${free}&tax_relation=XOR`],
    ['_fields', '?_fields=id,title,meta._EventStartDate'],
    ['_fields meta', '?_fields=meta&per_page=2'],
    ['_fields _links', '?_fields=id,_links&per_page=2'],
    ['_fields unknown', '?_fields=foo&per_page=2'],
    ['_fields with _embed', '?_fields=id,_links,_embedded&_embed&per_page=2'],
    ['_embed all per_page 2', '?_embed&per_page=2'],
    ['_embed author', '?_embed=author&per_page=2'],
    ['_embed wp:term', '?_embed=wp:term&per_page=2'],
    ['_embed wp:featuredmedia', `?_embed=wp:featuredmedia&include=${ev.jazz}`],
    ['_envelope', '?_envelope&per_page=1'],
    ['_jsonp', '?_jsonp=cb&per_page=1'],
    ['sticky (not for this type)', '?sticky=true'],
    ['menu_order (not for this type)', '?menu_order=1'],
  ];
  for (const [name, query, callers] of lists) get(`events ${name}`, `${E}${query}`, callers);
  get('events rest_route form', `?rest_route=${E}&per_page=2`, ['anon']);
  get('events bad password', E, ['badpass']);

  // Each event as the callers whose rights on it differ.
  const special = ['draft', 'pending', 'private', 'future', 'trashed', 'protected', 'authorDraft', 'contribPending', 'contribDraft', 'authorPub', 'editorPub'] as const;
  for (const key of EVENT_KEYS) get(`event ${key}`, `${E}/${ev[key]}`, (special as readonly string[]).includes(key) ? CALLERS : ['anon', 'admin']);
  for (const key of EVENT_KEYS) get(`event ${key} context=edit`, `${E}/${ev[key]}?context=edit`, (special as readonly string[]).includes(key) ? ['contributor', 'author', 'editor', 'admin'] : ['admin']);
  get('event jazz context=edit', `${E}/${ev.jazz}?context=edit`, ['anon', 'subscriber', 'contributor', 'author', 'editor']);
  get('event jazz context=embed', `${E}/${ev.jazz}?context=embed`, ['anon']);
  get('event jazz _embed', `${E}/${ev.jazz}?_embed`, ['anon', 'admin']);
  get('event jazz _fields', `${E}/${ev.jazz}?_fields=id,link,meta._EventVenueID`, ['anon']);
  get('event protected with password', `${E}/${ev.protected}?password=${cal.password}`, ['anon', 'subscriber', 'admin']);
  get('event protected with wrong password', `${E}/${ev.protected}?password=nope`, ['anon']);
  get('event protected in list', `${E}?include=${ev.protected}`, ['anon', 'admin']);
  get('event protected in list with password', `${E}?include=${ev.protected}&password=${cal.password}`, ['anon']);
  get('event protected _embed', `${E}/${ev.protected}?_embed`, ['anon']);
  get('event missing', `${E}/999999`, ['anon', 'admin']);
  get('event 0', `${E}/0`, ['anon']);
  get('event id of a venue', `${E}/${cal.venues.hall}`, ['anon', 'admin']);
  get('event id of a plain post', `${E}/${cal.post}`, ['anon']);
  get('event route with a slug', `${E}/jazz-event`, ['anon']);

  for (const [key, id] of Object.entries(cal.venues)) get(`venue ${key}`, `${V}/${id}`, key === 'draft' ? CALLERS : ['anon', 'admin']);
  for (const [key, id] of Object.entries(cal.organizers)) get(`organizer ${key}`, `${O}/${id}`, key === 'pending' ? CALLERS : ['anon', 'admin']);
  get('venue hall context=edit', `${V}/${cal.venues.hall}?context=edit`, ['author', 'editor', 'admin']);
  get('venue authors context=edit', `${V}/${cal.venues.authors}?context=edit`, ['author', 'editor']);
  get('organizer jazz context=edit', `${O}/${cal.organizers.jazz}?context=edit`, ['admin']);
  get('venue _embed', `${V}/${cal.venues.parc}?_embed`, ['anon']);
  get('venues include', `${V}?include=${cal.venues.parc},${cal.venues.hall}&orderby=include`, ['anon']);
  get('venues slug', `${V}?slug=blue-hall`, ['anon']);
  get('venues search city', `${V}?search=Springfield`, ['anon']);
  get('organizers search Jazz', `${O}?search=Jazz`, ['anon']);
  get('organizers author', `${O}?author=${cal.users.author.id}`, ['anon']);
  get('venue missing', `${V}/999999`, ['anon']);
  get('venue id of an event', `${V}/${ev.jazz}`, ['anon']);
  return out;
}
