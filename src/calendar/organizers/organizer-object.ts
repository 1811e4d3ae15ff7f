import type { PostRow } from '../../wp/posts';
import type { PostBundle } from '../post-resource/post-bundle';
import type { CalendarEnv } from '../site/calendar-env';
import { jsonLdVisible, organizerJsonLd } from '../post-resource/json-ld';
import { dropFalsy, globalIds, linkedPostHead } from '../linked/linked-object';
import { readFields } from '../post-resource/meta-fields';
import { ORGANIZER_FIELDS } from './organizer-fields';
import type { OrganizerObject } from '../schemas/posts';

/** The organizer object (Tribe__Events__REST__V1__Post_Repository::get_organizer_data): global ids appended, then every
*   falsy entry dropped. */
export function organizerObject(env: CalendarEnv, bundle: PostBundle, post: PostRow, options: { source: 'main' | 'linked'; jsonLd: boolean }): OrganizerObject {
  const meta = bundle[options.source].meta;
  // Built by assignment in the plugin's key order (a key met again keeps its first place, as in a spread).
  const body = linkedPostHead(env, bundle, post, 'organizer', options.source);
  Object.assign(body, readFields(ORGANIZER_FIELDS, meta, post.ID));
  if (options.jsonLd && jsonLdVisible(env, post)) body.json_ld = organizerJsonLd(env, bundle, post, options.source);
  // array_filter() leaves what the Organizer schema declares: its keys that can be empty are optional.
  return dropFalsy(Object.assign(body, globalIds(env, bundle, post, options.source))) as OrganizerObject;
}
