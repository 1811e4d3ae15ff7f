import type { z } from 'zod';
import type { TermRow } from '../../wp/terms';
import type { Term } from '../schemas/parts';
import type { CalendarEnv } from '../site/calendar-env';
import { TAXONOMY } from '../registry/identifiers';
import { restUrl } from '../site/urls';

/**
 * A term as embedded in an event (Tribe__Events__REST__V1__Post_Repository::get_terms): the WordPress term object with
 * `term_id` renamed to `id` and moved last, then the REST links of the term.
 */

function termRestBase(taxonomy: string): string {
  return taxonomy === TAXONOMY.category ? 'categories' : 'tags';
}

export function termUrls(env: CalendarEnv, term: Pick<TermRow, 'term_id' | 'taxonomy' | 'parent'>): TermObject['urls'] {
  const base = termRestBase(term.taxonomy);
  const urls: TermObject['urls'] = { self: restUrl(env, `${base}/${term.term_id}`), collection: restUrl(env, base) };
  if (term.parent > 0) urls.up = restUrl(env, `${base}/${term.parent}`);
  return urls;
}

export type TermObject = z.output<typeof Term>;

export function embeddedTerm(env: CalendarEnv, term: TermRow): TermObject {
  return {
    name: term.name,
    slug: term.slug,
    term_group: term.term_group,
    term_taxonomy_id: term.term_taxonomy_id,
    taxonomy: term.taxonomy,
    description: term.description,
    parent: term.parent,
    count: term.count,
    filter: 'raw',
    id: term.term_id,
    urls: termUrls(env, term),
  };
}
