import { deletePostMeta } from '../../wp/postmeta';
import { publishedPostIdsWithMeta } from '../../wp/posts';
import { POST_TYPE } from '../registry/identifiers';
import { linkedListArgs, listLinked, validateLinkedList, type LinkedArchive } from '../linked/linked-archive';
import { linkedCreateError, linkedErrors, linkedReadAccess, linkedValidate } from '../linked/linked-resource';
import { linkedPostWriter } from '../linked/linked-writer';
import { EVENT_META, ORGANIZER_META } from '../registry/meta-keys';
import type { PostResourceDef } from '../post-resource/define';
import { OrganizerArgs } from './organizer-args';
import { ORGANIZER_FIELDS } from './organizer-fields';
import { organizerObject } from './organizer-object';

/** Organizers: the post-type engine configured for `tribe_organizer`
*   (Tribe__Events__REST__V1__Endpoints__Single_Organizer). */
const ARCHIVE: LinkedArchive = { postType: POST_TYPE.organizer, linkKey: EVENT_META.organizerId, searchMetaKeys: [ORGANIZER_META.phone, ORGANIZER_META.email, ORGANIZER_META.website] };

const ERRORS = linkedErrors('organizer');

const ARGS = { ...OrganizerArgs, list: linkedListArgs('organizers') };

export const organizerResource: PostResourceDef<typeof ARGS> = {
  name: 'organizer',
  restBase: 'organizers',
  postType: POST_TYPE.organizer,
  taxonomies: [],
  links: false,
  args: ARGS,
  validate: linkedValidate(POST_TYPE.organizer),
  errors: ERRORS,
  readAccess: linkedReadAccess(ERRORS),
  validateList: validateLinkedList(ARCHIVE),
  list: listLinked(() => organizerResource, ARCHIVE),
  serialize: (env, bundle, post, options) => organizerObject(env, bundle, post, { source: 'main', jsonLd: options.jsonLd }),
  writer: {
    ...linkedPostWriter({
      postType: POST_TYPE.organizer,
      nameArg: 'organizer',
      createError: linkedCreateError('organizer'),
      fields: ORGANIZER_FIELDS,
      originKey: ORGANIZER_META.origin,
      artifactPrefix: '_Organizer',
      artifactFields: ['post_date', 'post_date_gmt', 'post_status'],
    }),
    // The plugin's cleanup removes every organizer link of the events a default query returns.
    async afterTrash(env, wp, post) {
      const events = await publishedPostIdsWithMeta(wp, POST_TYPE.event, EVENT_META.organizerId, String(post.ID), env.site.postsPerPage);
      for (const id of events) await deletePostMeta(wp, id, EVENT_META.organizerId);
    },
  },
};
