import type { z } from 'zod';
import { invalidParams, missingParams, type ParamProblem, type RestError } from './errors';
import { isRequired, type WpIssueParams } from './wp-types';

/**
 * Validates a route's declared arguments the way WP_REST_Request does: required arguments first
 * (rest_missing_callback_param), then every validate callback, then type sanitizing (rest_invalid_param),
 * reporting all failing parameters of the first failing stage together. Undeclared parameters pass untouched.
 */

export type ArgShape = Record<string, z.ZodType>;
export type ArgValues<S extends ArgShape> = { [K in keyof S]: z.output<S[K]> };

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
  return { problem: { message, error: { code, message, data: code === 'rest_invalid_type' ? { param } : null } }, phase };
}

/**
 * `validateOnly`: run the validate callbacks but not the declared types, and keep the values as sent — how the
 * plugin checks data that is not a route argument of its own (an inline venue inside an event's body).
 */
export function parseArgs<S extends ArgShape>(shape: S, raw: Record<string, unknown>, options: { validateOnly?: boolean } = {}): { values: ArgValues<S> } | { error: RestError } {
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
  const failing = problems.validate.size > 0 ? problems.validate : problems.sanitize;
  if (failing.size > 0) return { error: invalidParams(failing) };
  return { values: values as ArgValues<S> };
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
