import { entry, errorCatalogue, RestError } from '../http/errors';

/**
 * The errors of WordPress's own wp/v2 controllers beyond the REST server's (users, settings, terms, types,
 * taxonomies), with their codes and messages as WordPress 7.0 answers them. Permission refusals are 401 for an
 * anonymous caller and 403 for a logged-in one (rest_authorization_required_code()): see refusal().
 */
const WP_V2_ERRORS = {
  rest_not_logged_in: entry(401, 'You are not currently logged in.'),
  rest_user_invalid_id: entry(404, 'Invalid user ID.'),
  rest_user_cannot_view: entry(401, 'Sorry, you are not allowed to list users.'),
  rest_forbidden_context_users: entry(401, 'Sorry, you are not allowed to list users.'),
  rest_user_cannot_filter_roles: entry(401, 'Sorry, you are not allowed to filter users by role.'),
  rest_user_cannot_filter_caps: entry(401, 'Sorry, you are not allowed to filter users by capability.'),
  rest_forbidden_who: entry(401, 'Sorry, you are not allowed to query users by this parameter.'),
  rest_cannot_edit_user: entry(401, 'Sorry, you are not allowed to edit this user.'),
  rest_user_invalid_email: entry(400, 'Invalid email address.'),
  rest_cannot_create_user: entry(401, 'Sorry, you are not allowed to create new users.'),
  rest_user_exists: entry(400, 'Cannot create existing user.'),
  rest_user_invalid_role: entry(400, (role: string) => `The role ${role} does not exist.`),
  rest_user_role_not_given: entry(403, 'Sorry, you are not allowed to give users that role.'),
  rest_cannot_edit_roles: entry(401, 'Sorry, you are not allowed to edit roles of this user.'),
  rest_user_invalid_argument: entry(400, 'Username is not editable.'),
  rest_user_invalid_slug: entry(400, 'Invalid slug.'),
  rest_user_cannot_delete: entry(401, 'Sorry, you are not allowed to delete this user.'),
  rest_trash_not_supported_users: entry(501, "Users do not support trashing. Set 'force=true' to delete."),
  rest_user_invalid_reassign: entry(400, 'Invalid user ID for reassignment.'),
  // wp_insert_user()'s errors carry no status: WordPress answers them with 500 and `data: null`.
  existing_user_login: entry(500, 'Sorry, that username already exists!'),
  existing_user_email: entry(500, 'Sorry, that email address is already used!'),
  // Terms (WP_REST_Terms_Controller)
  rest_term_invalid: entry(404, 'Term does not exist.'),
  rest_forbidden_context_terms: entry(401, 'Sorry, you are not allowed to edit terms in this taxonomy.'),
  rest_forbidden_context_term: entry(401, 'Sorry, you are not allowed to edit this term.'),
  rest_forbidden_context_post_terms: entry(401, 'Sorry, you are not allowed to view terms for this post.'),
  rest_post_invalid_id: entry(400, 'Invalid post ID.'),
  rest_cannot_create_term: entry(401, 'Sorry, you are not allowed to create terms in this taxonomy.'),
  rest_cannot_update_term: entry(401, 'Sorry, you are not allowed to edit this term.'),
  rest_cannot_delete_term: entry(401, 'Sorry, you are not allowed to delete this term.'),
  rest_trash_not_supported_terms: entry(501, "Terms do not support trashing. Set 'force=true' to delete."),
  // Types and taxonomies (WP_REST_Post_Types_Controller, WP_REST_Taxonomies_Controller)
  rest_type_invalid: entry(404, 'Invalid post type.'),
  rest_cannot_view_type: entry(401, 'Sorry, you are not allowed to edit posts in this post type.'),
  rest_forbidden_context_type: entry(401, 'Sorry, you are not allowed to edit posts in this post type.'),
  rest_taxonomy_invalid: entry(404, 'Invalid taxonomy.'),
  rest_forbidden_context_taxonomy: entry(401, 'Sorry, you are not allowed to manage terms in this taxonomy.'),
  rest_cannot_view_taxonomy: entry(401, 'Sorry, you are not allowed to manage terms in this taxonomy.'),
  // Revisions and autosaves (WP_REST_Revisions_Controller, WP_REST_Autosaves_Controller)
  rest_post_invalid_parent: entry(404, 'Invalid post parent ID.'),
  rest_autosave_invalid_parent: entry(404, 'Invalid post parent ID.'),
  rest_cannot_read_revisions: entry(401, 'Sorry, you are not allowed to view revisions of this post.'),
  rest_cannot_read_autosaves: entry(401, 'Sorry, you are not allowed to view autosaves of this post.'),
  rest_post_invalid_revision: entry(404, 'Invalid revision ID.'),
  rest_revision_parent_id_mismatch: entry(404, (parentId: string) => `The revision does not belong to the specified parent with id of "${parentId}"`),
  rest_revisions_no_search_term: entry(400, 'You need to define a search term to order by relevance.'),
  rest_orderby_include_missing_include: entry(400, 'You need to define an include parameter to order by include.'),
  rest_revision_invalid_offset_number: entry(400, 'The offset number requested is larger than or equal to the number of available revisions.'),
  rest_revision_invalid_page_number: entry(400, 'The page number requested is larger than the number of pages available.'),
  rest_cannot_delete_revisions: entry(401, 'Sorry, you are not allowed to delete revisions of this post.'),
  rest_cannot_delete_revision: entry(401, 'Sorry, you are not allowed to delete this revision.'),
  rest_post_no_autosave: entry(404, 'There is no autosave revision for this post.'),
  // Search (WP_REST_Search_Controller)
  rest_search_invalid_page_number: entry(400, 'The page number requested is larger than the number of pages available.'),
  // Post statuses (WP_REST_Post_Statuses_Controller)
  rest_status_invalid: entry(404, 'Invalid status.'),
  rest_cannot_read_status: entry(401, 'Cannot view status.'),
  rest_cannot_view_statuses: entry(401, 'Sorry, you are not allowed to manage post statuses.'),
};

const build = errorCatalogue(WP_V2_ERRORS);

/** Catalogue keys that differ from the wire code only to carry a distinct message. */
const WIRE: Partial<Record<keyof typeof WP_V2_ERRORS, string>> = {
  rest_forbidden_context_users: 'rest_forbidden_context',
  rest_cannot_edit_user: 'rest_cannot_edit',
  rest_user_role_not_given: 'rest_user_invalid_role',
  rest_user_cannot_filter_roles: 'rest_user_cannot_view',
  rest_user_cannot_filter_caps: 'rest_user_cannot_view',
  rest_trash_not_supported_users: 'rest_trash_not_supported',
  rest_forbidden_context_terms: 'rest_forbidden_context',
  rest_forbidden_context_term: 'rest_forbidden_context',
  rest_forbidden_context_post_terms: 'rest_forbidden_context',
  rest_cannot_create_term: 'rest_cannot_create',
  rest_cannot_update_term: 'rest_cannot_update',
  rest_cannot_delete_term: 'rest_cannot_delete',
  rest_trash_not_supported_terms: 'rest_trash_not_supported',
  rest_cannot_view_type: 'rest_cannot_view',
  rest_cannot_view_taxonomy: 'rest_cannot_view',
  rest_cannot_view_statuses: 'rest_cannot_view',
  rest_autosave_invalid_parent: 'rest_post_invalid_id',
  rest_cannot_read_revisions: 'rest_cannot_read',
  rest_cannot_read_autosaves: 'rest_cannot_read',
  rest_post_invalid_revision: 'rest_post_invalid_id',
  rest_revisions_no_search_term: 'rest_no_search_term_defined',
  rest_cannot_delete_revisions: 'rest_cannot_delete',
  rest_cannot_delete_revision: 'rest_cannot_delete',
  rest_forbidden_context_type: 'rest_forbidden_context',
  rest_forbidden_context_taxonomy: 'rest_forbidden_context',
};

export type WpV2ErrorCode = keyof typeof WP_V2_ERRORS;

export function wpV2Error(code: WpV2ErrorCode, options: { status?: number; data?: Record<string, unknown>; args?: [string[]] | [string]; shape?: { nullData?: boolean } } = {}): RestError {
  const error = build(code, options as Parameters<typeof build>[1]);
  const wire = WIRE[code];
  return wire ? new RestError(wire, error.message, error.status, error.data) : error;
}

/** A permission refusal: 401 to an anonymous caller, 403 to a logged-in one. */
export function refusal(code: WpV2ErrorCode, loggedIn: boolean): RestError {
  return wpV2Error(code, { status: loggedIn ? 403 : 401 });
}
