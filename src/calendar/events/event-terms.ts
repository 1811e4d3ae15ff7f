import { can } from '../../auth/permissions';
import { getTermsByIds, insertTerm, setObjectTerms, termExists, type TermRow } from '../../wp/terms';
import type { WpData } from '../../wp/wp-data';
import { CALENDAR_TAXONOMIES, type CalendarEnv } from '../env';
import { listToArray } from '../validators';

/**
 * `categories` / `tags` on an event write (Tribe__Events__REST__V1__Endpoints__Single_Event::prepare_postarr,
 * Tribe__Terms::translate_terms_to_ids): ids, slugs or names, as a list or a comma string; unknown ids are skipped,
 * unknown names become new terms; an empty value removes every term of the taxonomy; callers without the taxonomy's
 * assign capability are silently ignored.
 */
export async function assignTerms(env: CalendarEnv, wp: WpData, eventId: number, taxonomy: string, value: unknown): Promise<void> {
  if (value === undefined || value === null) return;
  if (!can(env.ctx.principal, 'assign_terms', { taxonomy })) return;
  const ttIds: number[] = [];
  for (const item of listToArray(value)) {
    const term = await resolveTerm(wp, taxonomy, item);
    if (term && !ttIds.includes(term.term_taxonomy_id)) ttIds.push(term.term_taxonomy_id);
  }
  await setObjectTerms(wp, CALENDAR_TAXONOMIES, eventId, taxonomy, ttIds);
}

async function resolveTerm(wp: WpData, taxonomy: string, item: unknown): Promise<TermRow | undefined> {
  if (typeof item === 'number' || (typeof item === 'string' && /^\d+$/.test(item.trim()))) {
    return (await getTermsByIds(wp, taxonomy, [Number(item)])).get(Number(item));
  }
  if (typeof item !== 'string' || item.trim() === '') return undefined;
  const existing = await termExists(wp, item, taxonomy);
  if (existing && 'term_taxonomy_id' in existing) return existing;
  return insertTerm(wp, CALENDAR_TAXONOMIES, taxonomy, { name: item });
}
