import { wpArray, wpEnum, wpString } from '../http/wp-types';
import { ATTACHMENT_TYPE } from './attachment-object';
import { collectionArgs, ids } from './post-args';

/**
 * The list arguments of WordPress's attachments controller: the posts controller's, then `parent`,
 * `parent_exclude`, `media_type` and `mime_type` (WP_REST_Attachments_Controller::get_collection_params()).
 */

export const MEDIA_TYPES = ['image', 'video', 'text', 'application', 'audio'] as const;

export const mediaCollectionArgs = () => ({
  ...collectionArgs(ATTACHMENT_TYPE, () => false),
  parent: ids(),
  parent_exclude: ids(),
  media_type: wpArray(wpEnum(MEDIA_TYPES)).optional(),
  mime_type: wpArray(wpString()).optional(),
});

export interface MediaFilterArgs {
  parent?: number[];
  parent_exclude?: number[];
  media_type?: string[];
  mime_type?: string[];
}
