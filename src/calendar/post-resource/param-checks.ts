import { hasCap } from '../../auth/principal';
import type { ParamProblem } from '../../http/errors';
import { imageAttachmentIds } from '../../wp/attachments';
import { isValidUrl } from '../../wp/text/formatting';
import { findPostBySlug, postIdsOfType } from '../../wp/posts';
import { getUserById } from '../../wp/users';
import type { WpData } from '../../wp/wp-handle';
import { importImage } from '../../media/uploads';
import { findAttachmentByUrl } from './attachments';
import type { WritePreparation } from './write-preparation';
import type { CalendarEnv } from '../site/calendar-env';
import { keptPostBySlug, keptPostIdsOfType, stampedPostType } from './kept-objects';

/**
 * The plugin's validators that need the database (Tribe__Events__REST__V1__Validator__Base): a failure is "Invalid
 * parameter." under rest_invalid_param, reported before any permission check.
 */

export class ParamChecks {
  readonly problems = new Map<string, ParamProblem>();

  /**
   * A validator that returned false ("Invalid parameter."), or one that explained itself with a WP_Error: the plugin
   * builds those with `['status' => 400]`, which WordPress keeps in `data.details.<param>.data`.
   */
  fail(name: string, error?: { code: string; message: string; status?: number }): void {
    if (this.problems.has(name)) return;
    this.problems.set(name, error ? { message: error.message, error: { code: error.code, message: error.message, data: { status: error.status ?? 400 } } } : { message: 'Invalid parameter.' });
  }

  result(): Map<string, ParamProblem> | undefined {
    return this.problems.size > 0 ? this.problems : undefined;
  }
}

const present = (v: unknown) => v !== undefined && v !== null;
export const isEmptyValue = (v: unknown): boolean => v === '' || v === 0 || v === '0' || v === false || v === null || v === undefined || (Array.isArray(v) && v.every(isEmptyValue));

/** is_user_id: numeric and an existing user. */
export async function checkUser(checks: ParamChecks, wp: WpData, name: string, value: unknown): Promise<void> {
  if (!present(value)) return;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0 || !(await getUserById(wp, id))) checks.fail(name);
}

/** is_<type>_id: an existing post of that type, any status. `kept`: a read's check, taken from the rows kept under the stamp. */
export async function checkPostId(checks: ParamChecks, env: CalendarEnv, name: string, value: unknown, postType: string, kept = false): Promise<void> {
  if (!present(value)) return;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) return checks.fail(name);
  const found = kept && stampedPostType(postType) ? await keptPostIdsOfType(env, postType, [id]) : await postIdsOfType(env.ctx.wp, postType, [id]);
  if (!found.has(id)) checks.fail(name);
}

/** is_<type>_slug: a post of that type with this post_name exists, any status (`kept`: as checkPostId's). */
export async function checkSlug(checks: ParamChecks, env: CalendarEnv, name: string, value: unknown, postType: string, kept = false): Promise<void> {
  if (!present(value)) return;
  if (typeof value !== 'string') return checks.fail(name);
  const found = kept && stampedPostType(postType) ? await keptPostBySlug(env, postType, value) : await findPostBySlug(env.ctx.wp, postType, value);
  if (!found) checks.fail(name);
}

/**
 * is_image / is_image_or_empty: an id must be an image attachment; a URL is accepted only from callers who
 * may upload files, and (with `images`) only when it names an attachment already imported from it or can be
 * fetched and is an image, as the plugin's tribe_upload_image() requires. The download happens here, before
 * the write's transaction; the write attaches it.
 */
export async function checkImage(checks: ParamChecks, env: CalendarEnv, name: string, value: unknown, allowEmpty: boolean, prepared: WritePreparation): Promise<void> {
  const wp = env.ctx.wp;
  if (!present(value)) return;
  if (isEmptyValue(value)) {
    if (!allowEmpty) checks.fail(name);
    return;
  }
  const text = String(value).trim();
  if (/^\d+$/.test(text)) {
    if (!(await imageAttachmentIds(wp, [Number(text)])).has(Number(text))) checks.fail(name);
    return;
  }
  if (!hasCap(env.ctx.principal, 'upload_files') || !isValidUrl(text)) return checks.fail(name);
  const media = prepared.media;
  if (!media || prepared.images.has(text) || (await findAttachmentByUrl(wp, text))) return;
  try {
    // The home URL's own port may be fetched on its own host (wp_http_validate_url()).
    prepared.images.set(text, await importImage(text, { ...media.settings, home: env.site.home }, media.now));
  } catch {
    // Unreachable, refused (private address, too large, too slow) or not an image: the plugin's "Invalid parameter."
    checks.fail(name);
  }
}
