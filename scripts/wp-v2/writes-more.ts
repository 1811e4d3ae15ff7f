import type { WpCalendar } from './calendar';
import type { WpCaller, WpExchange } from './http';
import { POSTER, SMALL, TEXT } from './images';
import type { WriteScenario } from './writes-posts';

/**
 * The other writes: terms of both taxonomies by role, media uploads (raw body with Content-Disposition, and
 * multipart) and their edits and deletes, settings, revisions and autosaves of the calendar's types.
 */

const C = '/wp/v2/tribe_events_cat';
const T = '/wp/v2/tags';
const M = '/wp/v2/media';
const E = '/wp/v2/tribe_events';
const ROLES: WpCaller[] = ['anon', 'subscriber', 'contributor', 'author', 'editor', 'admin'];

export function moreWrites(cal: WpCalendar): WriteScenario[] {
  const out: WriteScenario[] = [];
  const one = (name: string, x: Omit<WpExchange, 'name'>, more: WpExchange[] = []) => out.push({ name, steps: [{ name, ...x }, ...more] });
  const { music, jazz, bebop, empty } = cal.categories;

  for (const [name, path, id] of [['category', C, jazz], ['tag', T, cal.tags.free]] as const) {
    for (const as of ROLES) one(`create ${name} as ${as}`, { method: 'POST', path, as, body: { name: `New ${name} by ${as}`, description: 'A <b>new</b> one' } });
    for (const as of ['contributor', 'author', 'editor'] as WpCaller[]) one(`update ${name} as ${as}`, { method: 'POST', path: `${path}/${id}`, as, body: { name: 'Renamed', description: 'Changed' } });
    for (const as of ['author', 'editor', 'admin'] as WpCaller[]) one(`delete ${name} for good as ${as}`, { method: 'DELETE', path: `${path}/${id}?force=true`, as });
    one(`delete ${name} without force`, { method: 'DELETE', path: `${path}/${id}`, as: 'admin' });
    one(`create ${name} existing name`, { method: 'POST', path, as: 'admin', body: { name: name === 'category' ? 'Jazz' : 'free' } });
    one(`create ${name} without name`, { method: 'POST', path, as: 'admin', body: { description: 'x' } });
    one(`create ${name} with slug and meta`, { method: 'POST', path, as: 'admin', body: { name: 'Slugged', slug: 'My Slug!', meta: { foo: 'bar' } } });
    one(`update missing ${name}`, { method: 'POST', path: `${path}/999999`, as: 'admin', body: { name: 'x' } });
  }
  one('create category with parent', { method: 'POST', path: C, as: 'admin', body: { name: 'Cool Jazz', parent: jazz } }, [{ name: 'children', method: 'GET', path: `${C}?parent=${jazz}`, as: 'anon' }]);
  one('create category with missing parent', { method: 'POST', path: C, as: 'admin', body: { name: 'Orphan', parent: 999999 } });
  one('create category existing name under another parent', { method: 'POST', path: C, as: 'admin', body: { name: 'Jazz', parent: empty } });
  one('move category under its child', { method: 'POST', path: `${C}/${music}`, as: 'admin', body: { parent: bebop } });
  one('delete parent category', { method: 'DELETE', path: `${C}/${music}?force=true`, as: 'admin' }, [{ name: 'child after', method: 'GET', path: `${C}/${jazz}`, as: 'anon' }]);
  one('create tag with parent', { method: 'POST', path: T, as: 'admin', body: { name: 'Child tag', parent: cal.tags.free } });
  one('rename category slug clash', { method: 'POST', path: `${C}/${jazz}`, as: 'admin', body: { slug: 'music' } });

  // Uploads: a raw body named by Content-Disposition, multipart, refusals.
  const poster = { file: POSTER, type: 'image/jpeg', disposition: 'attachment; filename="poster.jpg"' };
  for (const as of ROLES) one(`upload as ${as}`, { method: 'POST', path: M, as, upload: poster });
  one('upload with title, alt and caption in the query', { method: 'POST', path: `${M}?title=Queried&alt_text=Alt&caption=Cap&description=Desc&status=publish`, as: 'admin', upload: poster });
  one('upload attached to an event', { method: 'POST', path: `${M}?post=${cal.events.jazz}`, as: 'admin', upload: { file: SMALL, type: 'image/png', disposition: 'attachment; filename=small.png' } }, [{ name: 'event attachments', method: 'GET', path: `${M}?parent=${cal.events.jazz}`, as: 'anon' }]);
  one('upload then set as featured image', { method: 'POST', path: M, as: 'author', upload: poster }, [
    { name: 'set on own event', method: 'POST', path: `${E}/${cal.events.authorPub}`, as: 'author', body: { featured_media: '{0}' } },
    { name: 'event with _embed', method: 'GET', path: `${E}/${cal.events.authorPub}?_embed`, as: 'anon' },
  ]);
  one('upload without Content-Disposition', { method: 'POST', path: M, as: 'admin', upload: { file: POSTER, type: 'image/jpeg' } });
  one('upload with an empty body', { method: 'POST', path: M, as: 'admin', raw: { type: 'image/jpeg', data: '' }, headers: { 'Content-Disposition': 'attachment; filename="empty.jpg"' } });
  one('upload a text file', { method: 'POST', path: M, as: 'admin', upload: { file: TEXT, type: 'text/plain', disposition: 'attachment; filename="notes.txt"' } });
  one('upload a jpeg named png', { method: 'POST', path: M, as: 'admin', upload: { file: POSTER, type: 'image/png', disposition: 'attachment; filename="wrong.png"' } });
  one('upload the same name twice', { method: 'POST', path: M, as: 'admin', upload: poster }, [{ name: 'second', method: 'POST', path: M, as: 'admin', upload: poster }]);
  one('upload with a quoted unicode name', { method: 'POST', path: M, as: 'admin', upload: { file: SMALL, type: 'image/png', disposition: "attachment; filename*=UTF-8''caf%C3%A9%20photo.png" } });
  one('upload multipart', { method: 'POST', path: M, as: 'admin', multipart: { field: 'file', file: SMALL, type: 'image/png', fields: { title: 'Multipart', alt_text: 'Alt' } } });
  one('upload as form JSON (no file)', { method: 'POST', path: M, as: 'admin', body: { title: 'No file' } });
  one('update media', { method: 'POST', path: `${M}/${cal.media.poster}`, as: 'admin', body: { title: 'Renamed poster', alt_text: 'New alt', caption: 'New caption', description: 'New description', post: cal.events.talk } });
  one("update others' media as author", { method: 'POST', path: `${M}/${cal.media.poster}`, as: 'author', body: { alt_text: 'Mine' } });
  one('update own media as author', { method: 'POST', path: `${M}/${cal.media.small}`, as: 'author', body: { alt_text: 'Mine' } });
  one('delete media without force', { method: 'DELETE', path: `${M}/${cal.media.small}`, as: 'admin' });
  one('delete media for good', { method: 'DELETE', path: `${M}/${cal.media.poster}?force=true`, as: 'admin' }, [{ name: 'event after', method: 'GET', path: `${E}/${cal.events.jazz}?_fields=id,featured_media`, as: 'anon' }]);
  one('delete own media as author', { method: 'DELETE', path: `${M}/${cal.media.small}?force=true`, as: 'author' });
  one("delete others' media as editor", { method: 'DELETE', path: `${M}/${cal.media.small}?force=true`, as: 'editor' });
  one('post-process media', { method: 'POST', path: `${M}/${cal.media.poster}/post-process`, as: 'admin', body: { action: 'create-image-subsizes' } });

  one('settings as administrator', { method: 'POST', path: '/wp/v2/settings', as: 'admin', body: { title: 'Calendar Site', description: 'Events & more', posts_per_page: 5, start_of_week: 0, timezone: 'Europe/Paris', date_format: 'd/m/Y' } }, [
    { name: 'events list after', method: 'GET', path: `${E}?_fields=id`, as: 'anon' },
  ]);
  one('settings PUT as administrator', { method: 'PUT', path: '/wp/v2/settings', as: 'admin', body: { use_smilies: false } });
  one('settings as editor', { method: 'POST', path: '/wp/v2/settings', as: 'editor', body: { title: 'Mine' } });
  one('settings with a bad value', { method: 'POST', path: '/wp/v2/settings', as: 'admin', body: { posts_per_page: 'many' } });
  one('settings with a bad email', { method: 'POST', path: '/wp/v2/settings', as: 'admin', body: { email: 'not-an-email' } });
  one('settings with a bad timezone', { method: 'POST', path: '/wp/v2/settings', as: 'admin', body: { timezone: 'Mars/Olympus' } });
  one('settings with null', { method: 'POST', path: '/wp/v2/settings', as: 'admin', body: { description: null } });
  one('users/me update', { method: 'POST', path: '/wp/v2/users/me', as: 'author', body: { description: 'Updated bio' } });

  // Revisions and autosaves.
  const rev = `${E}/${cal.events.talk}/revisions`;
  one('delete revision without force', { method: 'DELETE', path: `${rev}/${cal.revision}`, as: 'admin' });
  one('delete revision for good', { method: 'DELETE', path: `${rev}/${cal.revision}?force=true`, as: 'admin' });
  one('delete revision as author', { method: 'DELETE', path: `${rev}/${cal.revision}?force=true`, as: 'author' });
  for (const as of ['author', 'editor', 'admin'] as WpCaller[]) {
    one(`autosave admin's event as ${as}`, { method: 'POST', path: `${E}/${cal.events.talk}/autosaves`, as, body: { title: 'Autosaved', content: 'Autosaved content', excerpt: 'x' } }, [{ name: 'autosaves after', method: 'GET', path: `${E}/${cal.events.talk}/autosaves`, as }]);
  }
  one('autosave own draft as contributor', { method: 'POST', path: `${E}/${cal.events.contribDraft}/autosaves`, as: 'contributor', body: { title: 'Draft autosave', content: 'x' } });
  one('autosave a venue', { method: 'POST', path: `/wp/v2/tribe_venue/${cal.venues.hall}/autosaves`, as: 'admin', body: { title: 'Autosaved hall' } });
  one('update creates a revision', { method: 'POST', path: `${E}/${cal.events.paris}`, as: 'admin', body: { title: 'Paris, revised', content: 'Revised.' } }, [{ name: 'revisions after', method: 'GET', path: `${E}/${cal.events.paris}/revisions`, as: 'admin' }]);
  return out;
}
