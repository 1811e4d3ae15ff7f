import { recreateOptionRaw } from './options';
import { phpSerialize } from '../php/php-serialize';
import { serializedKey, writeSerializedArray } from '../php/php-serialized-array';
import type { WpData } from './wp-handle';

/**
 * The parent/child structure of a hierarchical taxonomy: ancestor chains in one recursive query, and the
 * `{taxonomy}_children` option WordPress keeps as a cache of it (_get_term_hierarchy) and regenerates after every
 * term write (clean_taxonomy_cache), so a WordPress reading the same database sees the hierarchy we wrote.
 */

export interface ChainLink {
  slug: string;
  parent: number;
}

/**
 * These terms and all their ancestors, by term id, in one recursive query. UNION (not UNION ALL) stops at a
 * term already seen, so a damaged hierarchy with a loop still terminates.
 */
export async function termsWithAncestors(wp: WpData, taxonomy: string, termIds: readonly number[]): Promise<Map<number, ChainLink>> {
  const ids = [...new Set(termIds)].filter((id) => id > 0);
  if (ids.length === 0) return new Map();
  const rows: Array<{ term_id: number; parent: number; slug: string }> = await wp.knex
    .withRecursive('chain', ['term_id', 'parent'], (q) => {
      q.select('term_id', 'parent')
        .from(wp.t.term_taxonomy)
        .where('taxonomy', taxonomy)
        .whereIn('term_id', ids)
        .union((up) => {
          up.select('p.term_id', 'p.parent').from({ p: wp.t.term_taxonomy }).join('chain', 'chain.parent', 'p.term_id').where('p.taxonomy', taxonomy);
        });
    })
    .select('c.term_id', 'c.parent', 't.slug')
    .from({ c: 'chain' })
    .join({ t: wp.t.terms }, 't.term_id', 'c.term_id');
  return new Map(rows.map((r) => [Number(r.term_id), { slug: String(r.slug), parent: Number(r.parent) }]));
}

/** The slugs from the root down to the term (get_ancestors reversed, then the term): `parent/child`. */
export function slugPath(links: Map<number, ChainLink>, termId: number): string[] {
  const path: string[] = [];
  const seen = new Set<number>();
  for (let id = termId; id > 0 && !seen.has(id); id = links.get(id)?.parent ?? 0) {
    const link = links.get(id);
    if (!link) break;
    seen.add(id);
    path.unshift(link.slug);
  }
  return path;
}

/** Whether `candidate` is `termId` itself or one of its descendants (walking up from the candidate). */
export async function isSelfOrDescendant(wp: WpData, taxonomy: string, termId: number, candidate: number): Promise<boolean> {
  const links = await termsWithAncestors(wp, taxonomy, [candidate]);
  const seen = new Set<number>();
  for (let id = candidate; id > 0 && !seen.has(id); id = links.get(id)?.parent ?? 0) {
    if (id === termId) return true;
    seen.add(id);
  }
  return false;
}

/**
 * clean_taxonomy_cache(): `{taxonomy}_children` deleted, then rebuilt from every term ordered by id as
 * `[parent => [child ids]]`, parents in the order their first child appears.
 */
export async function refreshTermChildren(wp: WpData, taxonomy: string): Promise<void> {
  const rows: Array<{ term_id: number; parent: number }> = await wp
    .knex({ tt: wp.t.term_taxonomy })
    .join({ t: wp.t.terms }, 't.term_id', 'tt.term_id')
    .select('tt.term_id', 'tt.parent')
    .where('tt.taxonomy', taxonomy)
    .orderBy('t.term_id');
  const children = new Map<number, number[]>();
  for (const row of rows) {
    const parent = Number(row.parent);
    if (parent > 0) children.set(parent, [...(children.get(parent) ?? []), Number(row.term_id)]);
  }
  const stored = writeSerializedArray([...children].map(([parent, ids]) => ({ keyText: serializedKey(parent), valueText: phpSerialize(ids) })));
  await recreateOptionRaw(wp, `${taxonomy}_children`, stored);
}
