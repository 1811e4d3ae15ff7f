import type { z } from 'zod';
import { invalidParams, missingParams, type ParamProblem, type RestError } from './errors';
import type { HttpContext } from './context';
import { isRequired, requestDefaults, type RequestDefault, type WpIssueParams } from './wp-types';

/**
 * Validates a route's declared arguments the way WP_REST_Request does: required arguments first
 * (rest_missing_callback_param), then every validate callback, then type sanitizing (rest_invalid_param),
 * reporting all failing parameters of the first failing stage together. Undeclared parameters pass untouched.
 */

export type ArgShape = Record<string, z.ZodType>;
export type ArgValues<S extends ArgShape> = { [K in keyof S]: z.output<NonNullable<S[K]>> };

/** JSON null counts as absent, as PHP's isset() does. */
const present = (value: unknown): boolean => value !== undefined && value !== null;

function paramName(name: string, path: PropertyKey[]): string {
  return name + path.map((p) => `[${String(p)}]`).join('');
}

function problemFrom(name: string, issue: z.core.$ZodIssue): { problem: ParamProblem; phase: WpIssueParams['phase'] } {
  const params = (issue as { params?: Partial<WpIssueParams> }).params;
  const param = paramName(name, issue.path);
  const message = issue.message.replaceAll('{param}', param);
  const phase = params?.phase ?? 'sanitize';
  if (params?.wpCode === null) return { problem: { message }, phase };
  const code = params?.wpCode ?? 'rest_invalid_param';
  const data = params?.wpData ? params.wpData(param) : code === 'rest_invalid_type' ? { param } : null;
  return { problem: { message, error: { code, message, data } }, phase };
}

/**
 * `validateOnly`: run the validate callbacks but not the declared types, and keep the values as sent — how the
 * plugin checks data that is not a route argument of its own (an inline venue inside an event's body).
 */
/** Arguments that failed: the error to answer, and the failing stage's problems for the endpoint's own checks to join. */
export interface ArgsFailure {
  error: RestError;
  failing?: { phase: WpIssueParams['phase']; problems: Map<string, ParamProblem> };
}

export function parseArgs<S extends ArgShape>(shape: S, raw: Record<string, unknown>, options: { validateOnly?: boolean } = {}): { values: ArgValues<S> } | ArgsFailure {
  const missing = Object.keys(shape).filter((name) => isRequired(shape[name]!) && !present(raw[name]));
  if (missing.length > 0) return { error: missingParams(missing) };

  const values: Record<string, unknown> = {};
  const problems = { validate: new Map<string, ParamProblem>(), sanitize: new Map<string, ParamProblem>() };
  for (const [name, schema] of Object.entries(shape)) {
    const input = present(raw[name]) ? raw[name] : undefined;
    const result = schema.safeParse(input);
    if (result.success) {
      const value = options.validateOnly && input !== undefined ? input : result.data;
      if (value !== undefined) values[name] = value;
      continue;
    }
    const { problem, phase } = problemFrom(name, result.error.issues[0]!);
    if (options.validateOnly && phase === 'sanitize') {
      values[name] = input;
      continue;
    }
    problems[phase].set(name, problem);
  }
  const phase = problems.validate.size > 0 ? 'validate' : 'sanitize';
  if (problems[phase].size > 0) return { error: invalidParams(problems[phase]), failing: { phase, problems: problems[phase] } };
  return { values: values as ArgValues<S> };
}

/**
 * WordPress runs every validate callback before any type sanitizing, on the values as sent. The endpoint's own
 * checks (those that need the database) therefore run even when the declared arguments failed: their failures
 * join the other validate callbacks' (in the arguments' order), or replace a type failure, which comes later.
 * `ownChecks` sees the values as sent; when it finds nothing (or cannot read them), the arguments' failure stands.
 */
export async function withOwnChecks(shape: ArgShape, failure: ArgsFailure, ownChecks: () => Promise<Map<string, ParamProblem> | undefined>): Promise<RestError> {
  if (!failure.failing) return failure.error;
  let own: Map<string, ParamProblem> | undefined;
  try {
    own = await ownChecks();
  } catch {
    return failure.error;
  }
  if (!own || own.size === 0) return failure.error;
  if (failure.failing.phase === 'sanitize') return invalidParams(own);
  const merged = new Map<string, ParamProblem>();
  for (const name of [...Object.keys(shape), ...own.keys()]) {
    const problem = failure.failing.problems.get(name) ?? own.get(name);
    if (problem && !merged.has(name)) merged.set(name, problem);
  }
  return invalidParams(merged);
}

/** A shape whose arguments may all be omitted; defaults are kept. */
export type EditableShape<S extends ArgShape> = { [K in keyof S]: S[K] | z.ZodOptional<Exclude<S[K], undefined>> };

/**
 * The update arguments of a resource from its create arguments, as WordPress derives EDITABLE from CREATABLE
 * (WP_REST_Controller::get_endpoint_args_for_item_schema): every required argument becomes optional, the rest is
 * unchanged (defaults still apply when the argument is omitted).
 */
export function editableArgs<S extends ArgShape>(shape: S): EditableShape<S> {
  return Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, isRequired(schema) ? schema.optional() : schema])) as EditableShape<S>;
}

/** The request defaults (RequestDefault) of the arguments the request left out, merged below what it sent. */
export async function defaultsFor<C extends HttpContext>(shape: ArgShape, params: Record<string, unknown>, ctx: C): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of requestDefaults(shape)) if (params[name] === undefined || params[name] === null) out[name] = await (value as RequestDefault<C>).compute(ctx);
  return out;
}
