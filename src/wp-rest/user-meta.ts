import { RestError } from '../http/errors';
import { isPhpNumeric } from '../php/builtins';
import { deleteUserMeta, updateUserMeta } from '../wp/users';
import type { WpData } from '../wp/wp-handle';

/**
 * The user meta registered for REST on the plugin's site (WP_REST_User_Meta_Fields): the plugin's Harbor library's
 * dismissed notices, and core's editor preferences, which WordPress stores under the blog's prefix
 * (`wp_persisted_preferences`). A write of `meta` sets each registered key given (null deletes it), its value
 * checked and sanitized by its schema; other keys are ignored, as WordPress ignores them.
 */

export interface RegisteredUserMeta {
  /** The key as REST names it. */
  key: string;
  /** Shown in the edit context only. */
  edit: boolean;
  /** Stored under the blog's table prefix. */
  prefixed: boolean;
  /** Every property must be an integer (additionalProperties: {type: integer}). */
  integerValues: boolean;
  schema: Record<string, unknown>;
}

export const REGISTERED_USER_META: readonly RegisteredUserMeta[] = [
  {
    key: 'lw_harbor_dismissed_notices',
    edit: false,
    prefixed: false,
    integerValues: true,
    schema: { type: 'object', title: '', description: '', default: [], additionalProperties: { type: 'integer' } },
  },
  {
    key: 'persisted_preferences',
    edit: true,
    prefixed: true,
    integerValues: false,
    schema: {
      type: 'object',
      title: '',
      description: '',
      default: [],
      context: ['edit'],
      properties: { _modified: { description: 'The date and time the preferences were updated.', type: 'string', format: 'date-time', readonly: false } },
      additionalProperties: true,
    },
  },
];

/** The key a registered meta is stored under. */
export const storedUserMetaKey = (meta: RegisteredUserMeta, prefix: string) => (meta.prefixed ? `${prefix}${meta.key}` : meta.key);

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && (!Array.isArray(value) || value.length === 0);

/** rest_invalid_type as the meta fields answer it: the value's path in the message and in `additional_data`. */
const invalidType = (path: string, type: string) => new RestError('rest_invalid_type', `${path} is not of type ${type}.`, 400, {}, { additionalData: [{ param: path }] });

type MetaWrite = { meta: RegisteredUserMeta; value: Record<string, unknown> | [] | null };

/**
 * The writes a request's `meta` asks for, checked and sanitized in the order the keys are registered; the first
 * value of a wrong type stops there (`error`), the keys before it still written, as WordPress writes them.
 */
function userMetaWrites(meta: unknown): { writes: MetaWrite[]; error?: RestError } {
  const writes: MetaWrite[] = [];
  if (!isObject(meta) || Array.isArray(meta)) return { writes };
  for (const registered of REGISTERED_USER_META) {
    if (!(registered.key in meta)) continue;
    const value = meta[registered.key];
    if (value === null || Array.isArray(value)) {
      writes.push({ meta: registered, value: value === null ? null : [] });
      continue;
    }
    if (!isObject(value)) return { writes, error: invalidType(`meta.${registered.key}`, 'object') };
    const sanitized: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      const integer = typeof item === 'number' ? item : isPhpNumeric(item) ? Number(item) : NaN;
      if (registered.integerValues && !Number.isInteger(integer)) return { writes, error: invalidType(`meta.${registered.key}[${name}]`, 'integer') };
      sanitized[name] = registered.integerValues ? integer : item;
    }
    writes.push({ meta: registered, value: sanitized });
  }
  return { writes };
}

/** update_user_meta() of each write (delete_user_meta() for null), then the refusal that stopped them, if any. */
export async function writeUserMeta(wp: WpData, userId: number, meta: unknown): Promise<RestError | undefined> {
  const { writes, error } = userMetaWrites(meta);
  for (const { meta: registered, value } of writes) {
    const key = storedUserMetaKey(registered, wp.prefix);
    if (value === null) await deleteUserMeta(wp, userId, key);
    else await updateUserMeta(wp, userId, key, value);
  }
  return error;
}
