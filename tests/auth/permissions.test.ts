import type { PostCapRecord } from '../../src/auth/permissions';
import { ANONYMOUS, effectiveCapabilities, hasCap, principalFor, type Principal } from '../../src/auth/principal';
import { canWriteTermsViaRest as canWriteTerms, scaleBackStatus as scaleBack, withCalendarCapabilities } from '../../src/calendar/registry/capabilities';
import { CALENDAR_REGISTRY } from '../../src/calendar/registry/post-types';
import { POST_TYPE, TAXONOMY } from '../../src/calendar/registry/identifiers';
import { defaultRoles } from '../../src/wp/default-roles';

/**
 * The permission matrix of the plugin's endpoints (can_create, can_edit, can_delete, scale_back_post_status) and
 * WordPress's map_meta_cap(), role by role, for the default roles as a WordPress site with The Events Calendar stores
 * them.
 */

const ROLES = withCalendarCapabilities(defaultRoles(), CALENDAR_REGISTRY);
const { can, requiredCaps } = CALENDAR_REGISTRY;
const canWriteTermsViaRest = (p: Principal, taxonomy: string) => canWriteTerms(CALENDAR_REGISTRY, p, taxonomy);
const scaleBackStatus = (p: Principal, requested: string | undefined) => scaleBack(CALENDAR_REGISTRY, p, requested);
const ME = 7;
const SOMEONE_ELSE = 99;

const principal = (role: string): Principal => principalFor({ ID: ME, user_login: role }, ROLES, { [role]: true });
const CALLERS: Record<string, Principal> = {
  administrator: principal('administrator'),
  editor: principal('editor'),
  author: principal('author'),
  contributor: principal('contributor'),
  subscriber: principal('subscriber'),
  anonymous: ANONYMOUS,
};

const post = (author: number, status: string, trashMetaStatus?: string): PostCapRecord => ({ post_author: author, post_status: status, trashMetaStatus });

type Case = [label: string, action: Parameters<typeof can>[1], record?: PostCapRecord];
const POST_CASES: Case[] = [
  ['create', 'create'],
  ['edit own draft', 'edit', post(ME, 'draft')],
  ['edit own pending', 'edit', post(ME, 'pending')],
  ['edit own published', 'edit', post(ME, 'publish')],
  ['edit own scheduled', 'edit', post(ME, 'future')],
  ["edit others' draft", 'edit', post(SOMEONE_ELSE, 'draft')],
  ["edit others' published", 'edit', post(SOMEONE_ELSE, 'publish')],
  ["edit others' private", 'edit', post(SOMEONE_ELSE, 'private')],
  ['delete own draft', 'delete', post(ME, 'draft')],
  ['delete own published', 'delete', post(ME, 'publish')],
  ['delete own trashed, published before', 'delete', post(ME, 'trash', 'publish')],
  ['delete own trashed, draft before', 'delete', post(ME, 'trash', 'draft')],
  ["delete others' draft", 'delete', post(SOMEONE_ELSE, 'draft')],
  ["delete others' published", 'delete', post(SOMEONE_ELSE, 'publish')],
  ["delete others' private", 'delete', post(SOMEONE_ELSE, 'private')],
  ['publish', 'publish'],
  ['read published', 'read', post(SOMEONE_ELSE, 'publish')],
  ['read own draft', 'read', post(ME, 'draft')],
  ["read others' draft", 'read', post(SOMEONE_ELSE, 'draft')],
  ["read others' private", 'read', post(SOMEONE_ELSE, 'private')],
  ['read private (primitive)', 'read_private'],
  ['list every status (edit_<type>)', 'edit'],
];

// Columns: administrator, editor, author, contributor, subscriber, anonymous.
const Y = true;
const N = false;
const POST_MATRIX: Record<string, [boolean, boolean, boolean, boolean, boolean, boolean]> = {
  create: [Y, Y, Y, Y, N, N],
  'edit own draft': [Y, Y, Y, Y, N, N],
  'edit own pending': [Y, Y, Y, Y, N, N],
  'edit own published': [Y, Y, Y, N, N, N],
  'edit own scheduled': [Y, Y, Y, N, N, N],
  "edit others' draft": [Y, Y, N, N, N, N],
  "edit others' published": [Y, Y, N, N, N, N],
  "edit others' private": [Y, Y, N, N, N, N],
  'delete own draft': [Y, Y, Y, Y, N, N],
  'delete own published': [Y, Y, Y, N, N, N],
  'delete own trashed, published before': [Y, Y, Y, N, N, N],
  'delete own trashed, draft before': [Y, Y, Y, Y, N, N],
  "delete others' draft": [Y, Y, N, N, N, N],
  "delete others' published": [Y, Y, N, N, N, N],
  "delete others' private": [Y, Y, N, N, N, N],
  publish: [Y, Y, Y, N, N, N],
  'read published': [Y, Y, Y, Y, Y, Y],
  // map_meta_cap: the author of a post needs only `read`, which every role has.
  'read own draft': [Y, Y, Y, Y, Y, N],
  "read others' draft": [Y, Y, N, N, N, N],
  "read others' private": [Y, Y, N, N, N, N],
  'read private (primitive)': [Y, Y, N, N, N, N],
  'list every status (edit_<type>)': [Y, Y, Y, Y, N, N],
};

const CALLER_NAMES = Object.keys(CALLERS);
const POST_TYPES = [POST_TYPE.event, POST_TYPE.venue, POST_TYPE.organizer];

describe.each(POST_TYPES)('%s', (postType) => {
  const rows = POST_CASES.flatMap(([label, action, record]) =>
    CALLER_NAMES.map((caller, i) => [caller, label, action, record, POST_MATRIX[label]![i]!] as const),
  );
  it.each(rows)('%s: %s', (caller, _label, action, record, expected) => {
    expect(can(CALLERS[caller]!, action, { postType }, record)).toBe(expected);
  });
});

// Term_Single_Base::can_create: categories use the event caps (manage → publish_tribe_events, assign →
// edit_tribe_events); tags are core post_tag (manage → manage_categories, assign → edit_posts); the term routes also
// need edit_tribe_events.
const TERM_MATRIX: Array<[taxonomy: string, action: 'manage_terms' | 'edit_terms' | 'delete_terms' | 'assign_terms' | 'rest', expected: boolean[]]> = [
  [TAXONOMY.category, 'manage_terms', [Y, Y, Y, N, N, N]],
  [TAXONOMY.category, 'edit_terms', [Y, Y, Y, N, N, N]],
  [TAXONOMY.category, 'delete_terms', [Y, Y, Y, N, N, N]],
  [TAXONOMY.category, 'assign_terms', [Y, Y, Y, Y, N, N]],
  [TAXONOMY.category, 'rest', [Y, Y, Y, N, N, N]],
  [TAXONOMY.tag, 'manage_terms', [Y, Y, N, N, N, N]],
  [TAXONOMY.tag, 'edit_terms', [Y, Y, N, N, N, N]],
  [TAXONOMY.tag, 'delete_terms', [Y, Y, N, N, N, N]],
  [TAXONOMY.tag, 'assign_terms', [Y, Y, Y, Y, N, N]],
  [TAXONOMY.tag, 'rest', [Y, Y, N, N, N, N]],
];

describe('terms', () => {
  const rows = TERM_MATRIX.flatMap(([taxonomy, action, expected]) => CALLER_NAMES.map((caller, i) => [taxonomy, action, caller, expected[i]!] as const));
  it.each(rows)('%s %s by %s', (taxonomy, action, caller, expected) => {
    const p = CALLERS[caller]!;
    expect(action === 'rest' ? canWriteTermsViaRest(p, taxonomy) : can(p, action, { taxonomy })).toBe(expected);
  });

  it('the term routes also need edit_tribe_events, not only the taxonomy capability', () => {
    const tagManager = principalFor({ ID: ME, user_login: 'x' }, ROLES, { subscriber: true, manage_categories: true });
    expect(can(tagManager, 'manage_terms', { taxonomy: TAXONOMY.tag })).toBe(true);
    expect(canWriteTermsViaRest(tagManager, TAXONOMY.tag)).toBe(false);
  });
});

describe('status scale-back on create and update (Base::scale_back_post_status)', () => {
  it.each([
    ['editor', undefined, 'publish'],
    ['editor', 'draft', 'draft'],
    ['editor', 'future', 'future'],
    ['author', 'publish', 'publish'],
    ['author', undefined, 'publish'],
    ['contributor', undefined, 'draft'],
    ['contributor', 'publish', 'pending'],
    ['contributor', 'future', 'pending'],
    ['contributor', 'draft', 'draft'],
    ['contributor', 'private', 'private'],
    ['subscriber', 'publish', 'pending'],
  ] as const)('%s sending %s gets %s', (caller, requested, expected) => {
    expect(scaleBackStatus(CALLERS[caller]!, requested)).toBe(expected);
  });
});

describe('map_meta_cap details', () => {
  it('names the primitives for own and others’ posts', () => {
    const author = CALLERS.author!;
    expect(requiredCaps(author, 'edit', POST_TYPE.venue, post(ME, 'publish'))).toEqual(['edit_published_tribe_venues']);
    expect(requiredCaps(author, 'edit', POST_TYPE.venue, post(SOMEONE_ELSE, 'publish'))).toEqual(['edit_others_tribe_venues', 'edit_published_tribe_venues']);
    expect(requiredCaps(author, 'delete', POST_TYPE.organizer, post(SOMEONE_ELSE, 'private'))).toEqual(['delete_others_tribe_organizers', 'delete_private_tribe_organizers']);
    expect(requiredCaps(author, 'read', POST_TYPE.event, post(SOMEONE_ELSE, 'private'))).toEqual(['read_private_tribe_events']);
    // A post without an author (post_author 0) belongs to nobody, not to anonymous callers.
    expect(requiredCaps(ANONYMOUS, 'edit', POST_TYPE.event, post(0, 'draft'))).toEqual(['edit_others_tribe_events']);
    // An unregistered status maps to edit_others_posts, literally.
    expect(requiredCaps(author, 'read', POST_TYPE.event, post(SOMEONE_ELSE, 'made-up'))).toEqual(['edit_others_posts']);
  });
});

describe('effective capabilities (WP_User::get_role_caps)', () => {
  it('overlays the user’s own grants and denials on the role', () => {
    const user = principalFor({ ID: ME, user_login: 'x' }, ROLES, { author: true, publish_tribe_events: false, edit_others_tribe_events: true });
    expect(user.roles).toEqual(['author']);
    expect(can(user, 'publish', { postType: POST_TYPE.event })).toBe(false);
    expect(scaleBackStatus(user, 'publish')).toBe('pending');
    expect(can(user, 'edit', { postType: POST_TYPE.event }, post(SOMEONE_ELSE, 'draft'))).toBe(true);
    expect(can(user, 'edit', { postType: POST_TYPE.event }, post(SOMEONE_ELSE, 'publish'))).toBe(true);
    expect(can(user, 'delete', { postType: POST_TYPE.event }, post(SOMEONE_ELSE, 'draft'))).toBe(false);
  });

  it('merges several roles in the order of the user’s map; unknown keys are plain capabilities', () => {
    const { roles, caps } = effectiveCapabilities(ROLES, { subscriber: true, contributor: true, ghost_role: true });
    expect(roles).toEqual(['subscriber', 'contributor']);
    expect(caps.edit_tribe_events).toBe(true);
    expect(caps.ghost_role).toBe(true);
    expect(caps.level_1).toBe(true);
  });

  it('reads capability values with PHP truthiness and treats a role key as membership whatever its value', () => {
    const roles = { custom: { name: 'Custom', capabilities: { read: 1, edit_tribe_events: '1', publish_tribe_events: '0', delete_tribe_events: '' } } };
    const { caps } = effectiveCapabilities(roles, { custom: false });
    expect(caps).toMatchObject({ read: true, edit_tribe_events: true, publish_tribe_events: false, delete_tribe_events: false, custom: false });
  });

  it('gives nothing for unreadable data, but everyone exists and nobody may do_not_allow', () => {
    const nobody = principalFor({ ID: ME, user_login: 'x' }, false, 'garbage');
    expect(nobody.roles).toEqual([]);
    expect(hasCap(nobody, 'read')).toBe(false);
    expect(hasCap(nobody, 'exist')).toBe(true);
    expect(hasCap(ANONYMOUS, 'exist')).toBe(true);
    expect(hasCap(CALLERS.administrator!, 'do_not_allow')).toBe(false);
  });
});
