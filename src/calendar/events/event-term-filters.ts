import { sanitizeTitle } from '../../wp/text/formatting';
import { termsNamedBy, termTaxonomyIdsWithDescendants, type TermRow } from '../../wp/terms';
import { localKey } from '../../http/routes';
import type { DateSource } from '../data/event-query';
import type { OperationInput } from '../post-resource/define';
import { keptRows } from '../post-resource/kept-objects';
import type { ParamChecks } from '../post-resource/param-checks';
import { TAXONOMY } from '../registry/identifiers';
import { textItems } from '../schemas/arg-validators';
import type { CalendarEnv } from '../site/calendar-env';
import type { EventListValues } from './event-list-args';

/**
 * The `categories` and `tags` filters of GET /events: validation finds the terms they name (term_exists()), the
 * handler resolves their items in those terms as the plugin's query does.
 */

const TERM_PARAMS = [
  { param: 'categories', taxonomy: TAXONOMY.category, hierarchical: true },
  { param: 'tags', taxonomy: TAXONOMY.tag, hierarchical: false },
] as const;

/** The terms a `categories` / `tags` filter names, as validation found them (the handler resolves its items in them). */
const TERM_ROWS = { categories: localKey<TermRow[]>('categories filter terms'), tags: localKey<TermRow[]>('tags filter terms') };

const lower = (s: string) => s.toLowerCase();

/**
 * term_exists(): a number names an id; anything else a slug (sanitized) or a name. A value whose slug sanitizes to
 * nothing finds any term of the taxonomy (termsNamedBy() then loaded its first one), and filters by none.
 */
function termExistsIn(rows: readonly TermRow[], item: string): boolean {
  if (/^\d+$/.test(item)) return rows.some((t) => t.term_id === Number(item));
  if (item !== '' && sanitizeTitle(item) === '') return rows.length > 0;
  return item !== '' && rows.some((t) => lower(t.slug) === lower(sanitizeTitle(item)) || lower(t.name) === lower(item));
}

/** The plugin's filter resolution: slug first, then id; an item known only by its name resolves to nothing. */
function resolveTerm(rows: readonly TermRow[], item: string): TermRow | undefined {
  return rows.find((t) => lower(t.slug) === lower(sanitizeTitle(item))) ?? (/^\d+$/.test(item) ? rows.find((t) => t.term_id === Number(item)) : undefined);
}

/** Fails each filter that names a term its taxonomy does not have; keeps the terms found for the handler. */
export async function checkTermFilters(env: CalendarEnv, input: OperationInput<EventListValues>, checks: ParamChecks): Promise<void> {
  for (const { param, taxonomy } of TERM_PARAMS) {
    if (input.args[param] === undefined) continue;
    const items = textItems(input.args[param]);
    const rows = await keptRows(env, `terms of ${taxonomy} named ${JSON.stringify(items)}`, () => termsNamedBy(env.ctx.wp, taxonomy, items));
    if (items.length === 0 || !items.every((item) => termExistsIn(rows, item))) checks.fail(param);
    input.locals.set(TERM_ROWS[param], rows);
  }
}

/**
 * The term_taxonomy ids a `categories` / `tags` filter stands for (children of categories included). Of several
 * `tags` the plugin's custom-tables query filters by the first one only (every one must still exist to pass
 * validation); without its custom tables it takes them all, by id or slug.
 */
export async function termClauses(env: CalendarEnv, input: OperationInput<EventListValues>, source: DateSource): Promise<number[][]> {
  const customTables = source === 'occurrences' || source === 'occurrence-index';
  const clauses: number[][] = [];
  for (const { param, taxonomy, hierarchical } of TERM_PARAMS) {
    if (input.args[param] === undefined) continue;
    const rows = input.locals.get(TERM_ROWS[param]) ?? [];
    const items = textItems(input.args[param]);
    const filtered = param === 'tags' && customTables ? items.slice(0, 1) : items;
    const resolved = filtered.map((item) => resolveTerm(rows, item)).filter((t): t is TermRow => t !== undefined);
    const termIds = resolved.map((t) => t.term_id);
    const withDescendants = () => keptRows(env, `${taxonomy} terms ${termIds.join(',')} with descendants`, () => termTaxonomyIdsWithDescendants(env.ctx.wp, taxonomy, termIds));
    clauses.push(hierarchical ? await withDescendants() : resolved.map((t) => t.term_taxonomy_id));
  }
  return clauses;
}
