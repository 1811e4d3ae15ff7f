import { STAMP_FAMILY } from '../../wp/change-stamps';
import { POST_TYPE } from '../registry/identifiers';

/**
 * The families of rows (src/wp/change-stamps.ts) the calendar's answers are made of: its three post types (an
 * event embeds its venues and organizers, a venue or organizer list may filter by events), their images
 * (attachments), the terms, the site's settings and the users. A change to anything else — pages, blog posts,
 * revisions, menus, transients, another database of the server — leaves its stamp, and what it vouches for, as
 * they are. The indexes the service keeps (event, term, occurrence and search indexes) are written by triggers in
 * the same statements as these rows, so they are covered with them.
 */
export const CALENDAR_STAMP_FAMILIES: readonly string[] = [POST_TYPE.event, POST_TYPE.venue, POST_TYPE.organizer, 'attachment', STAMP_FAMILY.terms, STAMP_FAMILY.options, STAMP_FAMILY.users];
