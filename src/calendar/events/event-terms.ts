import { getTerm, getTermsByIds, insertTerm, termExists, termNamed, TermWriteError, type TermRow } from '../../wp/terms';
import { setObjectTerms } from '../../wp/term-relationships';
import { stripSlashes } from '../../wp/text/slashes';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import { listToArray } from '../schemas/arg-validators';

/**
 * `categories` / `tags` on an event write (Tribe__Events__REST__V1__Endpoints__Single_Event::prepare_postarr,
 * Tribe__Terms::translate_terms_to_ids): ids, slugs or names, as a list or a comma string; unknown ids are skipped,
 * unknown names become new terms; an empty value removes every term of the taxonomy; callers without the taxonomy's
 * assign capability are silently ignored.
 *
 * The plugin's quirk, as measured on 6.17.2: a name (or slug) that matches an existing term comes out of the
 * translation as that term's id in text form, while ids sent as such and terms created from new names come out as
 * numbers. The list is then de-duplicated (a number and the same id as text are one entry: the first one stays),
 * and WordPress assigns a flat taxonomy's text entries by name: so `tags: ["rock"]` with an existing tag `rock` of
 * id 12 gives the event the tag named `12` (found by that slug or name, or created after the request's new names).
 * A first use of a name keeps it, and so does its id sent before it (`[12, "rock"]`). Categories are hierarchical:
 * WordPress takes every entry as an id there, so names find their category. Fixture loads and imports are not
 * requests: their tag names find their tags.
 */

interface Translated {
  termId: number;
  /** The id came from an existing term's name or slug (text to PHP). */
  asText: boolean;
}

export async function assignTerms(env: CalendarEnv, wp: WpData, eventId: number, taxonomy: string, value: unknown): Promise<void> {
  if (value === undefined || value === null) return;
  if (!env.can('assign_terms', { taxonomy })) return;
  const translated: Translated[] = [];
  for (const item of listToArray(value)) {
    const entry = await translate(env, wp, taxonomy, item);
    if (entry && !translated.some((t) => t.termId === entry.termId)) translated.push(entry);
  }
  const namedAfterIds = !env.registry.terms.hierarchical(taxonomy) && !env.fromFile;
  const ttIds: number[] = [];
  for (const entry of translated) {
    const term = namedAfterIds && entry.asText ? await termNamedAfterId(env, wp, taxonomy, entry.termId) : await getTerm(wp, taxonomy, entry.termId);
    if (term && !ttIds.includes(term.term_taxonomy_id)) ttIds.push(term.term_taxonomy_id);
  }
  await setObjectTerms(wp, env.registry.terms, eventId, taxonomy, ttIds);
}

/**
 * A request's names reach term_exists() and wp_insert_term() unslashed by the plugin: both strip one level of
 * backslashes (saved-meta.ts), the lookup before its search, the insert after its filters.
 */
async function translate(env: CalendarEnv, wp: WpData, taxonomy: string, item: unknown): Promise<Translated | undefined> {
  if (typeof item === 'number' || (typeof item === 'string' && /^\d+$/.test(item.trim()))) {
    const term = (await getTermsByIds(wp, taxonomy, [Number(item)])).get(Number(item));
    return term ? { termId: term.term_id, asText: false } : undefined;
  }
  if (typeof item !== 'string' || item.trim() === '') return undefined;
  const existing = await termExists(wp, env.fromFile ? item : stripSlashes(item), taxonomy);
  if (existing && 'term_taxonomy_id' in existing) return { termId: existing.term_id, asText: true };
  // A name wp_insert_term() refuses (one that sanitizes to nothing) is skipped.
  const created = await insertTerm(wp, env.registry.terms, taxonomy, { name: item, slashed: !env.fromFile }).catch((error: unknown) => {
    if (error instanceof TermWriteError) return undefined;
    throw error;
  });
  return created ? { termId: created.term_id, asText: false } : undefined;
}

/** wp_set_object_terms() given the id as text: the term with that slug or name, created when there is none. */
async function termNamedAfterId(env: CalendarEnv, wp: WpData, taxonomy: string, termId: number): Promise<TermRow> {
  return (await termNamed(wp, String(termId), taxonomy)) ?? insertTerm(wp, env.registry.terms, taxonomy, { name: String(termId) });
}
