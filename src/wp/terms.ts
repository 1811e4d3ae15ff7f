import { sanitizeTitle } from './text/formatting';
import { phpEmpty, phpTrim } from '../php/builtins';
import { phpLower, termDescriptionForDb, termNameForDb, termSlugForDb } from './term-fields';
import { refreshTermChildren } from './term-hierarchy';
import { addSlashes } from './text/slashes';
import type { WpData } from './wp-handle';

/**
 * Terms, their taxonomy rows and relationships, with wp_insert_term / wp_set_object_terms /
 * wp_update_term_count semantics (_update_post_term_count()). Which post types a taxonomy counts, and whether it is
 * hierarchical, comes from the caller's registry: this layer knows no taxonomy by name.
 */

export interface TermRow {
  term_id: number;
  name: string;
  slug: string;
  term_group: number;
  term_taxonomy_id: number;
  taxonomy: string;
  description: string;
  parent: number;
  count: number;
}

export interface TaxonomyRegistry {
  hierarchical(taxonomy: string): boolean;
  /** Post types whose published objects a term of this taxonomy counts. */
  objectTypes(taxonomy: string): readonly string[];
}

/**
 * A failed term write, as WordPress's WP_Error: `termId` is the existing term for term_exists (and the term holding
 * the slug for duplicate_term_slug), `slug` the slug duplicate_term_slug names.
 */
export class TermWriteError extends Error {
  constructor(
    readonly code: 'empty_term_name' | 'invalid_term_name' | 'missing_parent' | 'term_exists' | 'duplicate_term_slug',
    readonly hierarchical: boolean,
    readonly termId?: number,
    readonly slug?: string,
  ) {
    super(code);
  }
}

const COLUMNS = ['t.term_id', 't.name', 't.slug', 't.term_group', 'tt.term_taxonomy_id', 'tt.taxonomy', 'tt.description', 'tt.parent', 'tt.count'];

/** A joined terms + term_taxonomy row with its numbers as numbers. */
export function normalise(row: Record<string, unknown>): TermRow {
  return {
    term_id: Number(row.term_id),
    name: String(row.name),
    slug: String(row.slug),
    term_group: Number(row.term_group),
    term_taxonomy_id: Number(row.term_taxonomy_id),
    taxonomy: String(row.taxonomy),
    description: String(row.description ?? ''),
    parent: Number(row.parent),
    count: Number(row.count),
  };
}

/** `terms` joined with `term_taxonomy` (aliases `t`, `tt`), selecting every TermRow column. */
export function termsOf(wp: WpData) {
  return wp.knex({ t: wp.t.terms }).join({ tt: wp.t.term_taxonomy }, 'tt.term_id', 't.term_id').select(COLUMNS);
}

export async function getTermsByIds(wp: WpData, taxonomy: string, termIds: readonly number[]): Promise<Map<number, TermRow>> {
  const ids = [...new Set(termIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return new Map();
  const rows = await termsOf(wp).where('tt.taxonomy', taxonomy).whereIn('t.term_id', ids);
  return new Map(rows.map((r: Record<string, unknown>) => [Number(r.term_id), normalise(r)]));
}

/** Every term of a taxonomy, by term id (exports). */
export async function listTerms(wp: WpData, taxonomy: string): Promise<TermRow[]> {
  const rows: Array<Record<string, unknown>> = await termsOf(wp).where('tt.taxonomy', taxonomy).orderBy('t.term_id');
  return rows.map(normalise);
}

export async function getTerm(wp: WpData, taxonomy: string, termId: number): Promise<TermRow | undefined> {
  return (await getTermsByIds(wp, taxonomy, [termId])).get(termId);
}

export async function getTermBySlug(wp: WpData, taxonomy: string, slug: string): Promise<TermRow | undefined> {
  const row = await termsOf(wp).where('tt.taxonomy', taxonomy).andWhere('t.slug', sanitizeTitle(slug)).orderBy('t.term_id').first();
  return row ? normalise(row) : undefined;
}

/**
 * term_exists(value, taxonomy): an integer matches the term id; anything else the sanitized slug first,
 * then the name (collations make both case-insensitive). Without a taxonomy it searches every term.
 */
export async function termExists(wp: WpData, value: string | number, taxonomy?: string, parent?: number): Promise<TermRow | { term_id: number } | undefined> {
  const scoped = () => {
    const q = taxonomy ? termsOf(wp).where('tt.taxonomy', taxonomy) : wp.knex({ t: wp.t.terms }).select('t.term_id');
    if (taxonomy && parent !== undefined) q.andWhere('tt.parent', parent);
    return q.orderBy('t.term_id');
  };
  const wrap = (row: Record<string, unknown> | undefined) => (row ? (taxonomy ? normalise(row) : { term_id: Number(row.term_id) }) : undefined);
  if (typeof value === 'number' || /^\d+$/.test(value)) return wrap(await scoped().where('t.term_id', Number(value)).first());
  const text = value.trim();
  if (!text) return undefined;
  return wrap(await scoped().where('t.slug', sanitizeTitle(text)).first()) ?? wrap(await scoped().where('t.name', text).first());
}

/**
 * term_exists() given a PHP string, digits included (WordPress looks an id up only for a PHP integer): the term of
 * the taxonomy with the sanitized slug, else with the name.
 */
export async function termNamed(wp: WpData, text: string, taxonomy: string): Promise<TermRow | undefined> {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const first = async (column: string, value: string) => {
    const row = await termsOf(wp).where('tt.taxonomy', taxonomy).andWhere(column, value).orderBy('t.term_id').first();
    return row ? normalise(row) : undefined;
  };
  return (await first('t.slug', sanitizeTitle(trimmed))) ?? (await first('t.name', trimmed));
}

/** Terms of many objects in one query, each object's terms ordered by name as get_the_terms returns them. */
export async function getObjectTerms(wp: WpData, objectIds: readonly number[], taxonomies: readonly string[]): Promise<Map<number, TermRow[]>> {
  const ids = [...new Set(objectIds)].filter((id) => id > 0);
  const byObject = new Map<number, TermRow[]>();
  if (ids.length === 0 || taxonomies.length === 0) return byObject;
  const rows: Array<Record<string, unknown>> = await termsOf(wp)
    .join({ tr: wp.t.term_relationships }, 'tr.term_taxonomy_id', 'tt.term_taxonomy_id')
    .select('tr.object_id')
    .whereIn('tr.object_id', ids)
    .whereIn('tt.taxonomy', [...taxonomies])
    .orderBy([{ column: 't.name' }, { column: 't.term_id' }]);
  for (const row of rows) {
    const objectId = Number(row.object_id);
    byObject.set(objectId, [...(byObject.get(objectId) ?? []), normalise(row)]);
  }
  return byObject;
}

/**
 * term_exists(string) in any taxonomy, as wp_unique_term_slug asks it: the sanitized slug, then the name. A slug of
 * digits is text here (`2024` is a slug, not the id of term 2024).
 */
async function slugOrNameExists(wp: WpData, text: string): Promise<boolean> {
  const value = text.trim();
  if (value === '') return false;
  const row = await wp.knex({ t: wp.t.terms }).join({ tt: wp.t.term_taxonomy }, 'tt.term_id', 't.term_id').first('t.term_id').where('t.slug', sanitizeTitle(value)).orWhere('t.name', value);
  return row !== undefined;
}

/** wp_unique_term_slug(): a suffix only when the slug is taken in the same taxonomy (WordPress ≥ 4.1). */
export async function uniqueTermSlug(wp: WpData, registry: TaxonomyRegistry, slug: string, taxonomy: string, parent: number, termId?: number): Promise<string> {
  if (!(await slugOrNameExists(wp, slug))) return slug;
  if (!(await getTermBySlug(wp, taxonomy, slug))) return slug;
  let candidate = slug;
  if (registry.hierarchical(taxonomy) && parent > 0) {
    let ancestor = parent;
    while (ancestor > 0) {
      const parentTerm = await getTerm(wp, taxonomy, ancestor);
      if (!parentTerm) break;
      candidate += `-${parentTerm.slug}`;
      if (!(await slugOrNameExists(wp, candidate))) return candidate;
      ancestor = parentTerm.parent;
    }
  }
  const taken = async (s: string, excludeId?: number) => {
    const q = wp.knex(wp.t.terms).select('term_id').where('slug', s);
    if (excludeId) q.andWhereNot('term_id', excludeId);
    return (await q.first()) !== undefined;
  };
  if (!(await taken(candidate, termId))) return candidate;
  for (let n = 2; ; n++) {
    const alt = `${candidate}-${n}`;
    if (!(await taken(alt))) return alt;
  }
}

export interface NewTerm {
  name: string;
  slug?: string;
  description?: string;
  parent?: number;
  /** Name and description as a caller that does not slash them hands them over: one level of backslashes goes. */
  slashed?: boolean;
}

/**
 * wp_insert_term(): one `terms` row and one `term_taxonomy` row, the fields sanitized as WordPress stores them;
 * throws TermWriteError as WordPress errs. A hierarchical taxonomy's `{taxonomy}_children` option is rebuilt.
 */
export async function insertTerm(wp: WpData, registry: TaxonomyRegistry, taxonomy: string, input: NewTerm): Promise<TermRow> {
  const hierarchical = registry.hierarchical(taxonomy);
  // The emptiness check sees the name as sent, slashed (a NUL byte is `\0` there, not blank); a name that sanitizes
  // to nothing is refused after (WordPress 7.0).
  if (phpTrim(input.slashed ? input.name : addSlashes(input.name)) === '') throw new TermWriteError('empty_term_name', hierarchical);
  const parent = hierarchical ? (input.parent ?? 0) : 0;
  if (parent > 0 && !(await getTerm(wp, taxonomy, parent))) throw new TermWriteError('missing_parent', hierarchical);
  const name = termNameForDb(input.name, input.slashed);
  const description = termDescriptionForDb(input.description ?? '', input.slashed);
  if (name === '') throw new TermWriteError('invalid_term_name', hierarchical);
  const givenSlug = input.slug ? termSlugForDb(input.slug) : '';
  const slugProvided = !phpEmpty(givenSlug);
  let slug = slugProvided ? givenSlug : sanitizeTitle(name);

  await refuseDuplicateName(wp, taxonomy, hierarchical, { name, slug, slugProvided, parent });

  slug = await uniqueTermSlug(wp, registry, slug, taxonomy, parent);
  const [insertedId] = await wp.knex(wp.t.terms).insert({ name, slug, term_group: 0 });
  const termId = Number(insertedId);
  // A name that sanitizes to no slug at all gets the term id as its slug.
  if (slug === '') {
    slug = String(termId);
    await wp.knex(wp.t.terms).where('term_id', termId).update({ slug });
  }
  const [ttId] = await wp.knex(wp.t.term_taxonomy).insert({ term_id: termId, taxonomy, description, parent, count: 0 });
  if (hierarchical) await refreshTermChildren(wp, taxonomy);
  return { term_id: termId, name, slug, term_group: 0, term_taxonomy_id: Number(ttId), taxonomy, description, parent, count: 0 };
}

/**
 * Duplicate names are refused anywhere in a flat taxonomy and among siblings in a hierarchy, unless a slug of
 * its own was given. The name match ignores ASCII case but not accents (WordPress re-checks the collation's match).
 */
async function refuseDuplicateName(
  wp: WpData,
  taxonomy: string,
  hierarchical: boolean,
  term: { name: string; slug: string; slugProvided: boolean; parent: number },
): Promise<void> {
  const rows: Array<Record<string, unknown>> = await termsOf(wp).where('tt.taxonomy', taxonomy).andWhere('t.name', term.name).andWhere('tt.parent', term.parent).orderBy('t.term_id');
  const sameLevel = rows.map(normalise);
  const nameMatch = sameLevel.find((t) => phpLower(t.name) === phpLower(term.name));
  if (!nameMatch) return;
  const slugMatch = await getTermBySlug(wp, taxonomy, term.slug);
  if (term.slugProvided && nameMatch.slug !== term.slug && !slugMatch) return;
  if (!hierarchical) throw new TermWriteError('term_exists', false, nameMatch.term_id);
  if ((!term.slugProvided || nameMatch.slug === term.slug) && sameLevel.some((t) => t.name === term.name)) {
    throw new TermWriteError('term_exists', true, nameMatch.term_id);
  }
  if (slugMatch && slugMatch.parent === term.parent && slugMatch.slug === term.slug) throw new TermWriteError('term_exists', true, slugMatch.term_id);
}

/**
 * Every term of the taxonomy that one of the values could name — by id (numeric values), by sanitized slug or
 * by name — in one query; callers apply term_exists() / get_term_by() precedence to the rows.
 */
export async function termsNamedBy(wp: WpData, taxonomy: string, values: readonly string[]): Promise<TermRow[]> {
  const ids = values.filter((v) => /^\d+$/.test(v.trim())).map((v) => Number(v.trim()));
  const slugs = values.map((v) => sanitizeTitle(v.trim())).filter((s) => s !== '');
  const names = values.map((v) => v.trim()).filter((n) => n !== '');
  // term_exists() asks get_terms() for the sanitized slug, and an empty slug is no condition at all: a value made
  // of punctuation (`'`, `%`) finds the taxonomy's first term.
  const noSlug = values.some((v) => v.trim() !== '' && sanitizeTitle(v.trim()) === '');
  if (ids.length + slugs.length + names.length === 0) return [];
  const rows: Array<Record<string, unknown>> = await termsOf(wp)
    .where('tt.taxonomy', taxonomy)
    .andWhere((q) => {
      if (ids.length > 0) q.orWhereIn('t.term_id', ids);
      if (slugs.length > 0) q.orWhereIn('t.slug', slugs);
      if (names.length > 0) q.orWhereIn('t.name', names);
      if (noSlug) q.orWhereIn('t.term_id', termsOf(wp).clearSelect().where('tt.taxonomy', taxonomy).min('t.term_id'));
    })
    .orderBy('t.term_id');
  return rows.map(normalise);
}

/** The term_taxonomy ids of these terms and of all their descendants (a tax query's include_children). */
export async function termTaxonomyIdsWithDescendants(wp: WpData, taxonomy: string, termIds: readonly number[]): Promise<number[]> {
  if (termIds.length === 0) return [];
  const rows: Array<{ term_taxonomy_id: number }> = await wp.knex
    .withRecursive('tree', ['term_id', 'term_taxonomy_id'], (q) => {
      q.select('term_id', 'term_taxonomy_id').from(wp.t.term_taxonomy).where('taxonomy', taxonomy).whereIn('term_id', [...termIds]).union((child) => {
        child.select('c.term_id', 'c.term_taxonomy_id').from({ c: wp.t.term_taxonomy }).join('tree', 'tree.term_id', 'c.parent').where('c.taxonomy', taxonomy);
      });
    })
    .select('term_taxonomy_id')
    .from('tree');
  return [...new Set(rows.map((r) => Number(r.term_taxonomy_id)))];
}
