import { withQuery } from '../../http/context';
import { invalidParams, restError } from '../../http/errors';
import { RestResponse } from '../../http/response';
import { queryTerms } from '../../wp/term-query';
import { deleteTerm, updateTerm, type TermChanges } from '../../wp/term-writes';
import { getTerm, insertTerm, TermWriteError, type TermRow } from '../../wp/terms';
import { termWriteError } from '../../wp-rest/term-errors';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import { restUrl } from '../site/urls';
import { paging } from '../site/page-size';
import type { TermArgs } from './define';
import type { TaxonomyDefinition } from '../registry/taxonomy';
import { loadChains, termLinks, termObject, wpV2Url } from './term-object';

/**
 * The one engine behind /categories and /tags (Tribe__Events__REST__V1__Endpoints__Archive_Category, Single_Category
 * and the Tag twins): the archive with its envelope, and WP_REST_Terms_Controller's read / create / update / delete as
 * the plugin calls them, each write in one transaction. They take the calendar environment and the arguments their
 * route's shape validated (the routes' schemas and validate hook), typed from those shapes.
 */

/** A write's validated arguments and every parameter as sent (the `parent` checks read what was sent). */
export interface TermWriteInput<A> {
  args: A;
  params: Record<string, unknown>;
}

/** GET /{base}: the envelope keys in the plugin's order; pages past the end are 200 with an empty list. */
export async function listTerms(env: CalendarEnv, def: TaxonomyDefinition, a: TermArgs<'list'>): Promise<RestResponse> {
  const { page, perPage, offset } = paging(a);
  // `event` is an alias of `post` and wins when both are sent.
  const object = a.event ?? a.post;
  const { terms, total } = await queryTerms(env.ctx.wp, env.registry.terms, {
    taxonomy: def.taxonomy,
    number: perPage,
    offset,
    search: a.search,
    include: a.include,
    exclude: a.exclude,
    slug: a.slug,
    parent: def.hierarchical && a.parent !== undefined ? Number(a.parent) : undefined,
    objectId: object !== undefined ? Number(object) : undefined,
    hideEmpty: a.hide_empty !== false,
    order: a.order,
    orderby: a.orderby,
  });
  const chains = await loadChains(env, def, env.ctx.wp, terms);
  const totalPages = Math.ceil(total / perPage);
  // The collection URL never carries the request's filters; the page links carry only `page`.
  const base = restUrl(env, `${def.restBase}/`);
  const body: Record<string, unknown> = { rest_url: base, total, total_pages: totalPages, [def.restBase]: terms.map((t) => termObject(env, def, t, chains)) };
  if (page < totalPages) body.next_rest_url = withQuery(base, `page=${page + 1}`);
  if (page > 1) body.previous_rest_url = page === 2 ? base : withQuery(base, `page=${page - 1}`);
  return new RestResponse(body, 200, { 'X-TEC-Total': total, 'X-TEC-TotalPages': totalPages });
}

/** The term with WordPress's `_links`, as single reads and writes answer. */
async function singleBody(env: CalendarEnv, def: TaxonomyDefinition, wp: WpData, term: TermRow): Promise<Record<string, unknown>> {
  const chains = await loadChains(env, def, wp, [term]);
  const parentExists = term.parent > 0 && (chains.has(term.parent) || (await getTerm(wp, def.taxonomy, term.parent)) !== undefined);
  return { ...termObject(env, def, term, chains), _links: termLinks(env, def, term, parentExists) };
}

/** The addressed term; the validate hook has already refused ids that are not terms of the taxonomy. */
async function target(wp: WpData, def: TaxonomyDefinition, id: unknown): Promise<TermRow> {
  const term = await getTerm(wp, def.taxonomy, Number(id));
  if (!term) throw invalidParams(new Map([['id', { message: 'Invalid parameter.' }]]));
  return term;
}

export async function readTerm(env: CalendarEnv, def: TaxonomyDefinition, args: TermArgs<'read'>): Promise<Record<string, unknown>> {
  return singleBody(env, def, env.ctx.wp, await target(env.ctx.wp, def, args.id));
}

/**
 * The core controller's `parent` checks, made before anything is written: a flat taxonomy refuses any `parent`
 * (declared or not), a hierarchical one needs the parent to be a term of the taxonomy.
 */
async function checkParent(wp: WpData, def: TaxonomyDefinition, params: Record<string, unknown>): Promise<void> {
  const sent = params.parent;
  if (sent === undefined || sent === null) return;
  if (!def.hierarchical) throw restError('rest_taxonomy_not_hierarchical');
  if (!(await getTerm(wp, def.taxonomy, Number(sent)))) throw restError('rest_term_invalid');
}

const changesOf = (a: Omit<TermArgs<'update'>, 'id'>): TermChanges => ({
  name: a.name,
  slug: a.slug,
  description: a.description,
  parent: a.parent !== undefined ? Number(a.parent) : undefined,
});

/**
 * A term create's row (wp_insert_term), inside the caller's transaction; a refusal is the plugin's error. With
 * `reuseExisting` (loaders), a term of that name the site already has under the same parent is returned instead.
 */
export async function writeNewTerm(env: CalendarEnv, wp: WpData, def: TaxonomyDefinition, args: TermArgs<'create'>, options: { reuseExisting?: boolean } = {}): Promise<TermRow> {
  try {
    return await insertTerm(wp, env.registry.terms, def.taxonomy, { ...changesOf(args), name: String(args.name) });
  } catch (error) {
    const existing = options.reuseExisting && error instanceof TermWriteError && error.code === 'term_exists' && error.termId ? await getTerm(wp, def.taxonomy, error.termId) : undefined;
    if (existing) return existing;
    throw termWriteError(error);
  }
}

/** POST /{base}: 201, the term with `_links`, and `Location` on WordPress's own route of the term. */
export async function createTerm(env: CalendarEnv, def: TaxonomyDefinition, input: TermWriteInput<TermArgs<'create'>>): Promise<RestResponse> {
  await checkParent(env.ctx.wp, def, input.params);
  const body = await env.ctx.wp.transaction(async (wp) => singleBody(env, def, wp, await writeNewTerm(env, wp, def, input.args)));
  return new RestResponse(body, 201, { Location: wpV2Url(env, `${def.wpRestBase}/${String(body.id)}`) });
}

/** POST|PUT|PATCH /{base}/{id}: only the sent fields change (wp_update_term). */
export async function updateTermItem(env: CalendarEnv, def: TaxonomyDefinition, input: TermWriteInput<TermArgs<'update'>>): Promise<Record<string, unknown>> {
  await checkParent(env.ctx.wp, def, input.params);
  // The term is found under the write lock: a delete that committed first makes this the invalid-id answer.
  return env.ctx.wp
    .transaction(async (wp) => {
      const term = await target(wp, def, input.args.id);
      return singleBody(env, def, wp, await updateTerm(wp, env.registry.terms, def.taxonomy, term.term_id, changesOf(input.args)));
    })
    .catch((error: unknown) => Promise.reject(termWriteError(error)));
}

/** DELETE /{base}/{id}: always permanent (the plugin forces it); the body is the term as it was, without `_links`. */
export async function deleteTermItem(env: CalendarEnv, def: TaxonomyDefinition, args: TermArgs<'delete'>): Promise<Record<string, unknown>> {
  return env.ctx.wp.transaction(async (wp) => {
    const term = await target(wp, def, args.id);
    const before = termObject(env, def, term, await loadChains(env, def, wp, [term]));
    await deleteTerm(wp, env.registry.terms, def.taxonomy, term.term_id);
    return before;
  });
}
