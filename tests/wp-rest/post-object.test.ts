import type { PostRow } from '../../src/wp/posts';
import type { TermRow } from '../../src/wp/terms';
import { postObject, type PostObjectOptions } from '../../src/wp-rest/post-object';
import { canAccessPasswordContent, checkReadPermission } from '../../src/wp-rest/post-permissions';
import type { RestPostType } from '../../src/wp-rest/post-type';
import { tecCalendar, tecRead } from '../support/tec-v1-answers';

/**
 * WordPress's post object, built from the rows the plugin's site holds (tests/fixtures/plugin/tec-v1/calendar.json)
 * and compared with the head of the objects that site's REST API answered: the plugin's `tec/v1` objects start with
 * WordPress's own `view` object (without `meta`).
 */

const cal = tecCalendar();
const posts = new Map(cal.tables.posts!.map((p) => [Number(p.ID), p as unknown as PostRow]));
const terms: TermRow[] = cal.tables.term_taxonomy!.map((tt) => {
  const term = cal.tables.terms!.find((t) => t.term_id === tt.term_id)!;
  return { ...(term as object), ...(tt as object) } as TermRow;
});
const termsOf = (id: number) =>
  cal.tables.term_relationships!
    .filter((r) => r.object_id === id)
    .map((r) => terms.find((t) => t.term_taxonomy_id === r.term_taxonomy_id)!)
    .sort((a, b) => a.name.localeCompare(b.name));
const metaOf = (id: number) => (key: string) => cal.tables.postmeta!.find((m) => m.post_id === id && m.meta_key === key)?.meta_value as string | undefined;

const EVENTS: RestPostType = {
  postType: 'tribe_events',
  supports: ['title', 'editor', 'excerpt', 'author', 'thumbnail', 'custom-fields', 'revisions'],
  restTaxonomies: [{ taxonomy: 'post_tag', restBase: 'tags' }, { taxonomy: 'tribe_events_cat', restBase: 'tribe_events_cat' }],
  classTaxonomies: ['post_tag', 'tribe_events_cat'],
};

// The plugin's own `post_class` filter: a `cat_` class per event category.
const catClasses = (id: number) => (classes: string[]) => [...classes, ...termsOf(id).filter((t) => t.taxonomy === 'tribe_events_cat').map((t) => `cat_${t.slug}`)];

function build(id: number, options: Partial<PostObjectOptions> = {}) {
  const post = posts.get(id)!;
  const permalink = JSON.parse(tecRead(`event concert [anon]`).body).link as string;
  return postObject(
    { post, meta: metaOf(id), terms: termsOf(id), permalink: id === 16 ? permalink : `link-${id}` },
    { type: EVENTS, passwordRequired: false, siteZone: 'UTC', postClassFilter: catClasses(id), omit: ['meta'], ...options },
  );
}

/** The recorded object's keys up to `class_list`: WordPress's part. */
function head(name: string): Record<string, unknown> {
  const object = JSON.parse(tecRead(name).body) as Record<string, unknown>;
  const keys = Object.keys(object);
  return Object.fromEntries(keys.slice(0, keys.indexOf('class_list') + 1).map((k) => [k, object[k]]));
}

describe("WordPress's REST post object", () => {
  it('is the head of the plugin’s objects, key for key, in the view context', () => {
    expect(build(16)).toEqual(head('event concert [anon]'));
    expect(JSON.stringify(Object.keys(build(16)))).toBe(JSON.stringify(Object.keys(head('event concert [anon]'))));
    const talk = head('event talk [anon]');
    expect({ ...build(17), link: talk.link }).toEqual(talk);
  });

  it('hides protected content until the password is given, and says so in class_list', () => {
    const masked = build(27, { passwordRequired: true });
    expect(masked.content).toEqual({ rendered: '', protected: true });
    expect(masked.excerpt).toEqual({ rendered: '', protected: true });
    expect(masked.class_list).toContain('post-password-required');
    const given = build(27);
    const recorded = head('event password given [anon]');
    expect([given.content, given.excerpt, given.class_list]).toEqual([recorded.content, recorded.excerpt, recorded.class_list]);
  });

  it('narrows to _fields (id always kept), and shows raw values in the edit context only', () => {
    expect(Object.keys(build(16, { fields: 'title.rendered,link' }))).toEqual(['id', 'link', 'title']);
    expect(build(16, { fields: ['title'] })).toEqual({ id: 16, title: { rendered: 'Concert in Blue Hall' } });
    const edit = build(16, { context: 'edit' });
    expect([edit.title, (edit.content as Record<string, unknown>).raw, edit.password, (edit.guid as Record<string, unknown>).raw]).toEqual([
      { raw: 'Concert in Blue Hall', rendered: 'Concert in Blue Hall' }, '<p>Loud <strong>jazz</strong>.</p>', '', posts.get(16)!.guid,
    ]);
    expect(Object.keys(build(16, { context: 'embed' }))).toEqual(['id', 'date', 'slug', 'type', 'link', 'title', 'excerpt', 'author', 'featured_media']);
  });

  it('makes an excerpt from the content when there is none, as wp_trim_excerpt() does', () => {
    const post = { ...posts.get(17)!, post_content: Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ') };
    const object = postObject({ post, meta: () => undefined, terms: [], permalink: '' }, { type: EVENTS, passwordRequired: false, siteZone: 'UTC' });
    expect((object.excerpt as { rendered: string }).rendered).toBe(`<p>${Array.from({ length: 55 }, (_, i) => `w${i}`).join(' ')} [&hellip;]</p>\n`);
  });

  it('reads a draft without a GMT date in the site’s zone', () => {
    const post = { ...posts.get(22)!, post_date: '2027-01-01 10:00:00', post_date_gmt: '0000-00-00 00:00:00' };
    const object = postObject({ post, meta: () => undefined, terms: [], permalink: '' }, { type: EVENTS, passwordRequired: false, siteZone: 'Europe/Paris' });
    expect([object.date, object.date_gmt]).toEqual(['2027-01-01T10:00:00', '2027-01-01T09:00:00']);
  });

  it('lets anyone read what is published, and others only what read_post allows', () => {
    expect(checkReadPermission({ post_status: 'publish', post_parent: 0 }, () => false)).toBe(true);
    expect(checkReadPermission({ post_status: 'draft', post_parent: 0 }, () => false)).toBe(false);
    expect(checkReadPermission({ post_status: 'draft', post_parent: 0 }, () => true)).toBe(true);
    expect(checkReadPermission({ post_status: 'inherit', post_parent: 0 }, () => false)).toBe(true);
    expect(canAccessPasswordContent({ post_password: 'secret' }, { password: 'secret' }, () => false)).toBe(true);
    expect(canAccessPasswordContent({ post_password: 'secret' }, { password: 'wrong' }, () => false)).toBe(false);
    expect(canAccessPasswordContent({ post_password: 'secret' }, { context: 'edit' }, () => true)).toBe(true);
  });
});
