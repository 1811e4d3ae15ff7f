/**
 * Errors as WordPress renders them: {code, message, data: {status, ...}}.
 * Every code the service can emit is in a catalogue, with its status and exact message, so no throw site spells a code
 * or a message of its own: WordPress's and the server's below, a namespace's or a resource's beside it, built with
 * errorCatalogue() (the calendar's post types carry their own).
 */

type Message = string | ((...args: never[]) => string);

export interface CatalogueEntry {
  status: number;
  message: Message;
}

export const entry = <M extends Message>(status: number, message: M) => ({ status, message });

export const CATALOGUE = {
  // WordPress REST server (WP_REST_Server::dispatch(), WP_REST_Request::has_valid_params())
  rest_no_route: entry(404, 'No route was found matching the URL and request method.'),
  rest_invalid_json: entry(400, 'Invalid JSON body passed.'),
  rest_missing_callback_param: entry(400, (names: string[]) => `Missing parameter(s): ${names.join(', ')}`),
  rest_invalid_param: entry(400, (names: string[]) => `Invalid parameter(s): ${names.join(', ')}`),
  rest_forbidden: entry(401, 'Sorry, you are not allowed to do that.'),
  rest_invalid_namespace: entry(404, 'The specified namespace could not be found.'),
  rest_path_invalid_type: entry(400, 'The REST route parameter must be a string.'),
  rest_callback_invalid: entry(400, 'Invalid JSONP callback function.'),
  rest_request_too_large: entry(413, 'The request body is larger than the server accepts.'),
  internal_server_error: entry(500, 'There has been a critical error on this website.'),
  // Transport and capacity answers of this service (WordPress leaves them to PHP and the web server).
  rest_unsupported_encoding: entry(415, 'The Content-Encoding of the request body is not supported; send it as identity, gzip, deflate or br.'),
  rest_invalid_body: entry(400, 'The request body could not be read (a corrupt compressed body, or fewer bytes than announced).'),
  rest_request_timeout: entry(503, 'The request took too long to answer. Try again in a moment.'),
  rest_server_busy: entry(503, 'The server is busy. Try again in a moment.'),
  db_unavailable: entry(503, 'The database is not available right now. Try again in a moment.'),

  // Authentication (wp_authenticate_application_password(), rest_cookie_check_errors())
  invalid_username: entry(401, '<strong>Error:</strong> Unknown username. Check again or try your email address.'),
  invalid_email: entry(401, '<strong>Error:</strong> Unknown email address. Check again or try your username.'),
  incorrect_password: entry(401, 'The provided password is an invalid application password.'),

  // Creating users and application passwords (wp_insert_user, WP_Application_Passwords; used by the CLI)
  empty_user_login: entry(400, 'Cannot create a user with an empty login name.'),
  user_login_invalid: entry(400, 'This username is invalid because it uses illegal characters. Please enter a valid username.'),
  user_login_too_long: entry(400, 'Username may not be longer than 60 characters.'),
  existing_user_login: entry(400, 'Sorry, that username already exists!'),
  user_email_too_long: entry(400, 'Email address may not be longer than 100 characters.'),
  existing_user_email: entry(400, 'Sorry, that email address is already used!'),
  user_email_invalid: entry(400, 'The email address is not correct.'),
  user_role_invalid: entry(400, (role: string) => `The role "${role}" does not exist on this site.`),
  application_password_empty_name: entry(400, 'An application name is required to create an application password.'),
  application_password_duplicate_name: entry(409, 'Each application name should be unique.'),
  application_password_empty_password: entry(400, 'An application password needs letters or digits.'),

  // Terms (core WP_REST_Terms_Controller and wp_insert_term)
  term_exists_flat: entry(400, 'A term with the name provided already exists in this taxonomy.'),
  term_exists_hierarchical: entry(400, 'A term with the name provided already exists with this parent.'),
  rest_taxonomy_not_hierarchical: entry(400, 'Cannot set parent term, taxonomy is not hierarchical.'),
  rest_term_invalid: entry(400, 'Parent term does not exist.'),
  duplicate_term_slug: entry(500, (slug: string) => `The slug &#8220;${slug}&#8221; is already in use by another term.`),
  // wp_insert_term / wp_update_term errors carry no status: WordPress answers them with 500 and `data: null`.
  empty_term_name: entry(500, 'A name is required for this term.'),
  invalid_term_name: entry(500, 'Invalid term name.'),
  missing_parent: entry(500, 'Parent term does not exist.'),

  // Test double (opt-in)
  rest_test_double_forbidden: entry(403, 'The reset route only answers loopback callers.'),
  rest_test_double_forwarded: entry(403, 'The reset route refuses requests a proxy forwarded (X-Forwarded-*, Forwarded, Via, X-Real-IP): call the service directly on its loopback address.'),
  rest_test_double_host: entry(403, 'The reset route only answers requests addressed to a loopback name or address (localhost, 127.0.0.1, [::1]).'),
  rest_test_double_cross_origin: entry(403, 'The reset route refuses requests from web pages of another origin.'),
  rest_test_double_simple_request: entry(415, 'The reset route needs a JSON body (Content-Type: application/json) or an X-Test-Double header.'),
  rest_test_double_reset_refused: entry(409, (tables: string) => `The database has WordPress tables this service did not create (${tables}); only the command-line reset with --force empties them.`),
  rest_test_double_fixtures_invalid: entry(400, (problem: string) => `The fixtures cannot be loaded: ${problem}`),
} satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof CATALOGUE;

/** Some catalogue keys differ from the wire code only to carry a distinct message. */
const WIRE_CODE: Partial<Record<ErrorCode, string>> = {
  term_exists_flat: 'term_exists',
  term_exists_hierarchical: 'term_exists',
  user_login_invalid: 'invalid_username',
  user_email_invalid: 'invalid_email',
  user_role_invalid: 'invalid_role',
};

type EntryArgs<E extends CatalogueEntry> = E['message'] extends (...args: infer A) => string ? A : [];
type MessageArgs<C extends ErrorCode> = EntryArgs<(typeof CATALOGUE)[C]>;

/**
 * How a WP_Error's data renders beyond `{status, ...data}`: a WP_Error created without data renders `data: null`
 * (its status is then the default 500), and data added to a code that already had some pushes the earlier values
 * into `additional_data` (WordPress 5.6+).
 */
export interface RestErrorShape {
  nullData?: boolean;
  additionalData?: unknown[];
}

export interface RestErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown> | null;
  additional_data?: unknown[];
}

export class RestError extends Error {
  readonly code: string;
  constructor(
    code: string,
    message: string,
    readonly status: number,
    readonly data: Record<string, unknown> = {},
    readonly shape: RestErrorShape = {},
  ) {
    super(message);
    this.code = code;
  }

  toJSON(): RestErrorBody {
    const body: RestErrorBody = { code: this.code, message: this.message, data: this.shape.nullData ? null : { status: this.status, ...this.data } };
    if (this.shape.additionalData && this.shape.additionalData.length > 0) body.additional_data = this.shape.additionalData;
    return body;
  }

  /** The error in one line for a writer without HTTP (fixtures, imports): its message, then each parameter's. */
  describe(): string {
    const params = this.data.params;
    const entries = params && typeof params === 'object' && !Array.isArray(params) ? Object.entries(params as Record<string, unknown>) : [];
    const details = entries.map(([name, message]) => `${name}: ${String(message)}`).join('; ');
    return details ? `${this.message} (${details})` : this.message;
  }
}

export interface ErrorOptions<A> {
  args?: A;
  status?: number;
  data?: Record<string, unknown>;
  shape?: RestErrorShape;
}

/** The error of a catalogue entry, under its wire code. */
function fromEntry(code: string, def: CatalogueEntry, options: ErrorOptions<unknown[]>): RestError {
  const message = typeof def.message === 'function' ? (def.message as (...a: unknown[]) => string)(...(options.args ?? [])) : def.message;
  return new RestError(code, message, options.status ?? def.status, options.data, options.shape);
}

/** Builds the catalogued error `code`; `data` is merged after `status` in the body. */
export function restError<C extends ErrorCode>(code: C, options: ErrorOptions<MessageArgs<C>> = {}): RestError {
  return fromEntry(WIRE_CODE[code] ?? code, CATALOGUE[code], options as ErrorOptions<unknown[]>);
}

/** A catalogue of codes of one's own, and the function that builds its errors as restError() builds the core ones. */
export function errorCatalogue<C extends Record<string, CatalogueEntry>>(entries: C) {
  return <K extends keyof C & string>(code: K, options: ErrorOptions<EntryArgs<C[K]>> = {}): RestError => fromEntry(code, entries[code]!, options as ErrorOptions<unknown[]>);
}

/** One invalid parameter: WordPress reports either a bare false ("Invalid parameter.") or a WP_Error. */
export interface ParamProblem {
  message: string;
  /** The WP_Error behind the message; absent when the validator only returned false. */
  error?: { code: string; message: string; data: unknown };
}

export function invalidParams(problems: Map<string, ParamProblem>): RestError {
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, problem] of problems) {
    params[name] = problem.message;
    if (problem.error) details[name] = problem.error;
  }
  // PHP renders an empty details array as [] rather than {}.
  return restError('rest_invalid_param', {
    args: [[...problems.keys()]],
    data: { params, details: Object.keys(details).length > 0 ? details : [] },
  });
}

export function missingParams(names: string[]): RestError {
  return restError('rest_missing_callback_param', { args: [names], data: { params: names } });
}

/** rest_forbidden is 401 for anonymous callers and 403 for logged-in ones (rest_authorization_required_code). */
export function forbidden(loggedIn: boolean): RestError {
  return restError('rest_forbidden', { status: loggedIn ? 403 : 401 });
}
