import type { ParamProblem } from '../../http/errors';
import { isPhpNumeric } from '../../php/builtins';
import { postIdsOfType } from '../../wp/posts';
import { getTerm, termExists } from '../../wp/terms';
import type { WpData } from '../../wp/wp-handle';
import { ParamChecks } from '../post-resource/param-checks';
import { POST_TYPE } from '../registry/identifiers';
import { listToArray } from '../schemas/arg-validators';
import type { TaxonomyDefinition } from '../registry/taxonomy';

/**
 * The term routes' checks that need the database, in the arguments' declaration order
 * (Tribe__Events__REST__V1__Validator__Base): `id` names a term of the taxonomy; `include`/`exclude`/`parent` are
 * is_event_category / is_post_tag (every item an id, slug or name of the taxonomy); `post`/`event` are is_event_id.
 * Only when all of those pass are `parent`, `post` and `event` type-checked as integers, as WordPress sanitizes after
 * validating.
 */

type Check = (wp: WpData, def: TaxonomyDefinition, value: unknown) => Promise<boolean>;

/** is_event_category / is_post_tag: a list of at least one item, each naming a term of the taxonomy. */
const termsOfTaxonomy: Check = async (wp, def, value) => {
  const items = listToArray(value);
  if (items.length === 0) return false;
  for (const item of items) {
    if ((typeof item !== 'string' && typeof item !== 'number') || !(await termExists(wp, item, def.taxonomy))) return false;
  }
  return true;
};

/** PHP's (int) cast of a request value. */
const intval = (value: unknown): number => {
  if (typeof value === 'number') return Math.trunc(value);
  const match = /^\s*[+-]?\d+/.exec(typeof value === 'string' ? value : '');
  return match ? Number.parseInt(match[0], 10) : 0;
};

/** is_event_id: get_post((int) value) is an event, whatever its status. */
const eventId: Check = async (wp, _def, value) => {
  const id = intval(value);
  return id > 0 && (await postIdsOfType(wp, POST_TYPE.event, [id])).has(id);
};

const existingTerm: Check = async (wp, def, value) => (await getTerm(wp, def.taxonomy, Number(value))) !== undefined;

const CHECKS: Record<string, { check: Check; integer: boolean }> = {
  id: { check: existingTerm, integer: false },
  exclude: { check: termsOfTaxonomy, integer: false },
  include: { check: termsOfTaxonomy, integer: false },
  parent: { check: termsOfTaxonomy, integer: true },
  post: { check: eventId, integer: true },
  event: { check: eventId, integer: true },
};

const isInteger = (value: unknown): boolean => isPhpNumeric(value) && typeof value !== 'boolean' && Number.isInteger(Number(value));

export function termValidate(def: TaxonomyDefinition) {
  return async (wp: WpData, args: Record<string, unknown>): Promise<Map<string, ParamProblem> | undefined> => {
    const checks = new ParamChecks();
    const typeProblems = new Map<string, ParamProblem>();
    for (const [name, value] of Object.entries(args)) {
      const rule = CHECKS[name];
      // Tags declare no `parent`; the create and update handlers answer it.
      if (!rule || value === undefined || (name === 'parent' && !def.hierarchical)) continue;
      if (!(await rule.check(wp, def, value))) checks.fail(name);
      else if (rule.integer && !isInteger(value)) {
        const message = `${name} is not of type integer.`;
        typeProblems.set(name, { message, error: { code: 'rest_invalid_type', message, data: { param: name } } });
      }
    }
    return checks.result() ?? (typeProblems.size > 0 ? typeProblems : undefined);
  };
}
