import { USER_META_PROPERTIES } from './user-object';

/**
 * The JSON schema of WordPress's user object (WP_REST_Users_Controller::get_item_schema()), which the OPTIONS answers
 * of the user routes list after their endpoints: each property's description, type, contexts and flags in core's
 * order, `meta` holding the registered user meta.
 */

const ALL = ['embed', 'view', 'edit'];
const EDIT = ['edit'];
/** A property: its description and type, the keywords core writes before `context`, the contexts, then its flags. */
const prop = (description: string, type: string, context: string[], before: Record<string, unknown> = {}, flags: Record<string, unknown> = {}) => ({ description, type, ...before, context, ...flags });
const avatar = (size: number) => prop(`Avatar URL with image size of ${size} pixels.`, 'string', ALL, { format: 'uri' });

export const USER_SCHEMA = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'user',
  type: 'object',
  properties: {
    id: prop('Unique identifier for the user.', 'integer', ALL, {}, { readonly: true }),
    username: prop('Login name for the user.', 'string', EDIT, {}, { required: true }),
    name: prop('Display name for the user.', 'string', ALL),
    first_name: prop('First name for the user.', 'string', EDIT),
    last_name: prop('Last name for the user.', 'string', EDIT),
    email: prop('The email address for the user.', 'string', EDIT, { format: 'email' }, { required: true }),
    url: prop('URL of the user.', 'string', ALL, { format: 'uri' }),
    description: prop('Description of the user.', 'string', ALL),
    link: prop('Author URL of the user.', 'string', ALL, { format: 'uri' }, { readonly: true }),
    locale: prop('Locale for the user.', 'string', EDIT, { enum: ['', 'en_US'] }),
    nickname: prop('The nickname for the user.', 'string', EDIT),
    slug: prop('An alphanumeric identifier for the user.', 'string', ALL),
    registered_date: prop('Registration date for the user.', 'string', EDIT, { format: 'date-time' }, { readonly: true }),
    roles: prop('Roles assigned to the user.', 'array', EDIT, { items: { type: 'string' } }),
    password: prop('Password for the user (never included).', 'string', [], {}, { required: true }),
    capabilities: prop('All capabilities assigned to the user.', 'object', EDIT, {}, { readonly: true }),
    extra_capabilities: prop('Any extra capabilities assigned to the user.', 'object', EDIT, {}, { readonly: true }),
    avatar_urls: { ...prop('Avatar URLs for the user.', 'object', ALL, {}, { readonly: true }), properties: { 24: avatar(24), 48: avatar(48), 96: avatar(96) } },
    meta: { description: 'Meta fields.', type: 'object', context: ['view', 'edit'], properties: USER_META_PROPERTIES },
  },
};
