import type { PostTypeDefinition } from '../registry/post-type';
import { deletePostMeta } from '../../wp/postmeta';
import { queriedPostIdsWithMeta } from '../../wp/posts';
import { POST_TYPE } from '../registry/identifiers';
import { linkedListArgs, linkedListTime, listLinked, validateLinkedList, type LinkedArchive } from '../linked/linked-archive';
import { linkedCreateError, linkedErrors, linkedReadAccess, linkedValidate, privateEventsSeen } from '../linked/linked-resource';
import { linkedPostWriter } from '../linked/linked-writer';
import { EVENT_META, ORGANIZER_META } from '../registry/meta-keys';
import { POST_FIELDS_ORDER, TRASH_META_ORDER } from '../post-resource/modified-fields';
import { commonExportFields } from '../post-resource/post-export';
import { exportFields } from '../post-resource/meta-fields';
import { ORGANIZER_PAGE } from '../front-end/post-views';
import { Organizer } from '../schemas/posts';

import { OrganizerArgs } from './organizer-args';
import { ORGANIZER_FIELDS } from './organizer-fields';
import { organizerObject } from './organizer-object';

/**
 * Organizers: the definition of `tribe_organizer` (Tribe__Events__Organizer::register_post_type) and its tribe/events/v1
 * resource (Tribe__Events__REST__V1__Endpoints__Single_Organizer, Archive_Organizer).
 */

/** The plugin's order of an organizer's keys in `_tribe_modified_fields`, as recorded from its REST writes. */
const MODIFIED_FIELDS_ORDER = [
  ...TRASH_META_ORDER, ...POST_FIELDS_ORDER,
  ORGANIZER_META.origin, '_Organizerpost_date', '_Organizerpost_date_gmt', '_Organizerpost_status',
  '_OrganizerDescription', ORGANIZER_META.phone, ORGANIZER_META.website, ORGANIZER_META.email,
];
const ARCHIVE: LinkedArchive = { postType: POST_TYPE.organizer, linkKey: EVENT_META.organizerId, searchMetaKeys: [ORGANIZER_META.phone, ORGANIZER_META.email, ORGANIZER_META.website] };

const ERRORS = linkedErrors('organizer');

const ARGS = { ...OrganizerArgs, list: linkedListArgs('organizers') };

export const organizerType: PostTypeDefinition<typeof ARGS, typeof Organizer> = {
  postType: POST_TYPE.organizer,
  name: 'organizer',
  plural: 'organizers',
  labels: { name: 'Organizers', singularName: 'Organizer' },
  capabilityType: 'tribe_organizers',
  rewriteSlug: () => 'organizer',
  revisions: true,
  wpRestBase: POST_TYPE.organizer,
  wpRest: { supports: ['title', 'editor', 'excerpt', 'author', 'thumbnail', 'custom-fields', 'revisions'], viewable: false, taxonomies: [], originMeta: ORGANIZER_META.origin },

  fields: ORGANIZER_FIELDS,
  links: [],
  taxonomies: [],
  modifiedFieldsOrder: MODIFIED_FIELDS_ORDER,

  fixtureExtras: ['id', 'password', 'slug'],
  exportFields: (r, post) => ({ ...commonExportFields(r, post), organizer: post.post_title, ...exportFields(ORGANIZER_FIELDS, r.bundle.main.meta, post.ID) }),
  frontEnd: ORGANIZER_PAGE,
  outputSchema: ['Organizer', Organizer],

  restBase: 'organizers',
  args: ARGS,
  validate: linkedValidate(POST_TYPE.organizer),
  errors: ERRORS,
  readAccess: linkedReadAccess(ERRORS),
  validateList: validateLinkedList(ARCHIVE),
  list: listLinked(() => organizerType, ARCHIVE),
  listTime: linkedListTime,
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
    // The plugin's cleanup removes every organizer link of the events a default query returns (published and the
    // private ones the caller may read, one page).
    async afterTrash(env, wp, post) {
      const events = await queriedPostIdsWithMeta(wp, POST_TYPE.event, EVENT_META.organizerId, String(post.ID), env.site.postsPerPage, privateEventsSeen(env));
      for (const id of events) await deletePostMeta(wp, id, EVENT_META.organizerId);
    },
  },
};
