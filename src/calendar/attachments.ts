import { findAttachmentByUrl as findByUrl } from '../wp/attachments';
import type { WpData } from '../wp/wp-data';
import { WP_META } from './meta-keys';

/** An existing attachment for an image URL: by guid, or by the URL TEC's importer recorded. */
export function findAttachmentByUrl(wp: WpData, url: string): Promise<number | undefined> {
  return findByUrl(wp, url, WP_META.importerOriginalUrl);
}
