import type { WpCalendar } from './calendar';
import type { WpCaller, WpExchange } from './http';
import type { WriteScenario } from './writes-posts';

/**
 * Writes through WordPress's users controller on the recorded calendar: creating users (as each role, with every
 * field, with refusals of bad input), changing the account fields (login, e-mail, password, slug, roles) and
 * deleting users with their posts given to another user or deleted with them. `{0}` is the id the first step made.
 */

const U = '/wp/v2/users';
const E = '/wp/v2/tribe_events';

export function userWrites(cal: WpCalendar): WriteScenario[] {
  const out: WriteScenario[] = [];
  const one = (name: string, x: Omit<WpExchange, 'name'>, more: WpExchange[] = []) => out.push({ name, steps: [{ name, ...x }, ...more] });
  const { author, editor, subscriber } = cal.users;
  const fresh = { username: 'newcomer', email: 'newcomer@example.com', password: 'newcomer-password' };
  const readBack = (as: WpCaller = 'admin'): WpExchange[] => [{ name: 'read back', method: 'GET', path: `${U}/{0}?context=edit`, as }];

  for (const as of ['anon', 'subscriber', 'editor', 'admin'] as WpCaller[]) one(`create user as ${as}`, { method: 'POST', path: U, as, body: fresh }, as === 'admin' ? readBack() : []);
  one('create user with every field', {
    method: 'POST', path: U, as: 'admin',
    body: { ...fresh, name: 'New <b>Comer</b>', first_name: 'New', last_name: 'Comer', url: 'https://example.com/new', description: 'Hello <script>x</script><b>there</b>', locale: 'en_US', nickname: 'Newbie', slug: 'the-newcomer', roles: ['editor'] },
  }, [...readBack(), { name: 'read back anonymously', method: 'GET', path: `${U}/{0}`, as: 'anon' }]);
  one('create user with a first name only', { method: 'POST', path: U, as: 'admin', body: { ...fresh, first_name: 'Firstonly' } });
  one('create user with two roles', { method: 'POST', path: U, as: 'admin', body: { ...fresh, roles: ['author', 'editor'] } });
  one('create user with an empty role list', { method: 'POST', path: U, as: 'admin', body: { ...fresh, roles: [] } });
  one('create user with an unknown role', { method: 'POST', path: U, as: 'admin', body: { ...fresh, roles: ['pirate'] } });
  one('create user with a taken login', { method: 'POST', path: U, as: 'admin', body: { ...fresh, username: author.login } });
  one('create user with a taken email', { method: 'POST', path: U, as: 'admin', body: { ...fresh, email: `${author.login}@example.com` } });
  one('create user with a taken slug', { method: 'POST', path: U, as: 'admin', body: { ...fresh, slug: author.login } });
  one('create user with a login of illegal characters', { method: 'POST', path: U, as: 'admin', body: { ...fresh, username: 'bad<name>' } });
  one('create user with spaces and case in the login', { method: 'POST', path: U, as: 'admin', body: { ...fresh, username: 'New Comer' } });
  one('create user without a password', { method: 'POST', path: U, as: 'admin', body: { username: 'newcomer', email: 'newcomer@example.com' } });
  one('create user with an empty password', { method: 'POST', path: U, as: 'admin', body: { ...fresh, password: '' } });
  one('create user with a backslash in the password', { method: 'POST', path: U, as: 'admin', body: { ...fresh, password: 'back\\slash' } });
  one('create user with a bad email', { method: 'POST', path: U, as: 'admin', body: { ...fresh, email: 'not-an-email' } });
  one('create user without a username', { method: 'POST', path: U, as: 'admin', body: { email: 'newcomer@example.com', password: 'x' } });
  one('create user with an id', { method: 'POST', path: U, as: 'admin', body: { ...fresh, id: 3 } });

  // The account fields of an existing user.
  one('change email as admin', { method: 'POST', path: `${U}/${author.id}`, as: 'admin', body: { email: 'renamed@example.com' } });
  one('change email to a taken one', { method: 'POST', path: `${U}/${author.id}`, as: 'admin', body: { email: `${editor.login}@example.com` } });
  one('change own email', { method: 'POST', path: `${U}/me`, as: 'author', body: { email: 'mine@example.com' } });
  one('change password as admin', { method: 'POST', path: `${U}/${author.id}`, as: 'admin', body: { password: 'another-password' } });
  one('change roles as admin', { method: 'POST', path: `${U}/${author.id}`, as: 'admin', body: { roles: ['editor'] } });
  one('change own roles as editor', { method: 'POST', path: `${U}/me`, as: 'editor', body: { roles: ['administrator'] } });
  one('change slug as admin', { method: 'POST', path: `${U}/${author.id}`, as: 'admin', body: { slug: 'New Slug!' } });
  one('change slug to a taken one', { method: 'POST', path: `${U}/${author.id}`, as: 'admin', body: { slug: editor.login } });
  one('change username', { method: 'POST', path: `${U}/${author.id}`, as: 'admin', body: { username: 'renamed' } });
  one('change username to itself', { method: 'POST', path: `${U}/${author.id}`, as: 'admin', body: { username: author.login } });

  // Deleting users.
  one('delete user without force', { method: 'DELETE', path: `${U}/${author.id}`, as: 'admin' });
  one('delete user without reassign', { method: 'DELETE', path: `${U}/${author.id}?force=true`, as: 'admin' });
  one('delete user reassigning to the admin', { method: 'DELETE', path: `${U}/${author.id}?force=true&reassign=${cal.users.admin.id}`, as: 'admin' }, [
    { name: 'events after', method: 'GET', path: `${E}?status=any&per_page=50&_fields=id,author,status&context=edit`, as: 'admin' },
    { name: 'user after', method: 'GET', path: `${U}/${author.id}`, as: 'admin' },
  ]);
  one('delete user and their posts', { method: 'DELETE', path: `${U}/${author.id}?force=true&reassign=false`, as: 'admin' }, [
    { name: 'events after', method: 'GET', path: `${E}?status=any&per_page=50&_fields=id,author,status&context=edit`, as: 'admin' },
  ]);
  one('delete user without posts', { method: 'DELETE', path: `${U}/${subscriber.id}?force=true&reassign=false`, as: 'admin' });
  one('delete user reassigning to themself', { method: 'DELETE', path: `${U}/${author.id}?force=true&reassign=${author.id}`, as: 'admin' });
  one('delete user reassigning to nobody', { method: 'DELETE', path: `${U}/${author.id}?force=true&reassign=999999`, as: 'admin' });
  one('delete missing user', { method: 'DELETE', path: `${U}/999999?force=true&reassign=false`, as: 'admin' });
  one('delete user as editor', { method: 'DELETE', path: `${U}/${author.id}?force=true&reassign=false`, as: 'editor' });
  one('delete user anonymously', { method: 'DELETE', path: `${U}/${author.id}?force=true&reassign=false`, as: 'anon' });
  one('delete oneself through me as author', { method: 'DELETE', path: `${U}/me?force=true&reassign=false`, as: 'author' });
  one('delete oneself through me as admin', { method: 'DELETE', path: `${U}/me?force=true&reassign=${editor.id}`, as: 'admin' });
  // The registered user meta: the editor's preferences (stored under the blog's prefix) and Harbor's notices.
  const preferences = { 'core/edit-post': { welcomeGuide: false }, core: { isComplementaryAreaVisible: true } };
  const readMe = (as: WpCaller): WpExchange[] => [{ name: 'read back', method: 'GET', path: `${U}/me?context=edit&_fields=meta`, as }];
  one('save own preferences', { method: 'POST', path: `${U}/me`, as: 'admin', body: { meta: { persisted_preferences: preferences } } }, readMe('admin'));
  one('save own preferences as subscriber', { method: 'POST', path: `${U}/me`, as: 'subscriber', body: { meta: { persisted_preferences: preferences } } }, readMe('subscriber'));
  one('save dismissed notices as numbers in strings', { method: 'POST', path: `${U}/me`, as: 'author', body: { meta: { lw_harbor_dismissed_notices: { welcome: '5', tour: 7 } } } }, readMe('author'));
  one('save dismissed notices that are no numbers', { method: 'POST', path: `${U}/me`, as: 'author', body: { meta: { lw_harbor_dismissed_notices: { welcome: 'soon' } } } });
  one('save preferences of the wrong type with a name', { method: 'POST', path: `${U}/me`, as: 'editor', body: { name: 'Renamed Editor', meta: { lw_harbor_dismissed_notices: { a: 1 }, persisted_preferences: 'not an object' } } }, readMe('editor'));
  one('save an unregistered meta key', { method: 'POST', path: `${U}/me`, as: 'admin', body: { meta: { not_registered: 'x' } } });
  one('remove own preferences', { method: 'POST', path: `${U}/me`, as: 'admin', body: { meta: { persisted_preferences: preferences } } }, [
    { name: 'remove', method: 'POST', path: `${U}/me`, as: 'admin', body: { meta: { persisted_preferences: null } } },
  ]);
  one("save another user's notices as administrator", { method: 'POST', path: `${U}/${author.id}`, as: 'admin', body: { meta: { lw_harbor_dismissed_notices: { x: 1 } } } });
  one('create user with preferences', { method: 'POST', path: U, as: 'admin', body: { ...fresh, meta: { persisted_preferences: preferences } } }, [{ name: 'read back', method: 'GET', path: `${U}/{0}?context=edit&_fields=meta`, as: 'admin' }]);
  one('create user with preferences of the wrong type', { method: 'POST', path: U, as: 'admin', body: { ...fresh, meta: { persisted_preferences: 42 } } });
  return out;
}
