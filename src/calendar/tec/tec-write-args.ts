import { z } from 'zod';
import { isValidUrl } from '../../wp/text/formatting';
import { isEmail } from '../../wp/text/user-input';
import { isPositiveInt } from '../schemas/arg-validators';
import { invalidUnless, TEC_STATUSES, tecValidator } from './tec-args';
import { documented, EVENT_BODY_DOCS, ORGANIZER_BODY_DOCS, VENUE_BODY_DOCS } from './tec-arg-docs';

/**
 * The request bodies of tec/v1's writes (`TEC_Post_Entity_Request_Body` and each type's own keys in `/docs`): the
 * plugin's validators, and the defaults its schema applies to every write, updates included (`status`,
 * `comment_status`, `ping_status`, `format`).
 */

const WALL = /^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$/;

const string = () => invalidUnless((v) => typeof v === 'string').transform((v) => v as string);
const integer = () => invalidUnless((v) => typeof v === 'number' ? Number.isInteger(v) : typeof v === 'string' && /^-?\d+$/.test(v)).transform((v) => Number(v));
const boolean = () => invalidUnless((v) => typeof v === 'boolean' || v === 0 || v === 1 || (typeof v === 'string' && ['true', 'false', '1', '0', 'yes', ''].includes(v.toLowerCase()))).transform((v) => v === true || v === 1 || (typeof v === 'string' && ['true', '1', 'yes'].includes(v.toLowerCase())));
const oneOf = (values: readonly string[]) => invalidUnless((v) => typeof v === 'string' && values.includes(v)).transform((v) => v as string);

/** A list of ids: an array (or a comma list) whose items must each be positive integers. */
const ids = () =>
  invalidUnless((v) => Array.isArray(v) || typeof v === 'string')
    .pipe(tecValidator((v) => (Array.isArray(v) ? v : String(v).split(',')).every(isPositiveInt), 'tec_rest_invalid_positive_integer_argument', 'Argument `{param}` must be a positive integer.', 'The argument `{param}` is not a positive integer.', 'example'))
    .transform((v) => (Array.isArray(v) ? v : String(v).split(',')).map(Number));

const wall = () =>
  tecValidator((v) => typeof v === 'string' && WALL.test(v), 'tec_rest_invalid_date_time_argument', 'Argument `{param}` must match the pattern.', `The argument \`{param}\` does not match the pattern \`${WALL.source}\`.`).transform((v) => v as string);

const url = () => tecValidator((v) => typeof v === 'string' && (v === '' || isValidUrl(v)), 'tec_rest_invalid_uri_argument', 'Argument `{param}` must be a valid URL.', 'The argument `{param}` is not a valid URL.').transform((v) => v as string);
const email = () => tecValidator((v) => typeof v === 'string' && (v === '' || isEmail(v)), 'tec_rest_invalid_email_argument', 'Argument `{param}` must be a valid email address.', 'The argument `{param}` is not a valid email address.').transform((v) => v as string);

/** The keys of every entity's body. */
const TecPostBody = {
  date: string().optional(),
  date_gmt: string().optional(),
  slug: string().optional(),
  status: oneOf(TEC_STATUSES).default('publish'),
  title: string().optional(),
  content: string().optional(),
  excerpt: string().optional(),
  author: integer().optional(),
  featured_media: integer().optional(),
  comment_status: oneOf(['open', 'closed']).default('open'),
  ping_status: oneOf(['open', 'closed']).default('open'),
  format: oneOf(['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio']).default('standard'),
  sticky: boolean().optional(),
  template: string().optional(),
  tags: ids().optional(),
};

export const TecEventBody = documented({
  ...TecPostBody,
  tribe_events_cat: ids().optional(),
  start_date: wall().optional(),
  start_date_utc: wall().optional(),
  end_date: wall().optional(),
  end_date_utc: wall().optional(),
  timezone: string().optional(),
  duration: integer().optional(),
  all_day: z.unknown().transform((v) => v === true || v === 1 || (typeof v === 'string' && v !== '' && v !== '0' && v !== 'false')).optional(),
  featured: boolean().optional(),
  cost: string().optional(),
  organizers: ids().optional(),
  venues: invalidUnless((v) => Array.isArray(v)).pipe(ids()).optional(),
}, EVENT_BODY_DOCS);

export const TecVenueBody = documented({
  ...TecPostBody,
  address: string().optional(),
  country: string().optional(),
  city: string().optional(),
  state_province: string().optional(),
  state: string().optional(),
  province: string().optional(),
  zip: string().optional(),
  phone: string().optional(),
  website: url().optional(),
}, VENUE_BODY_DOCS);

export const TecOrganizerBody = documented({
  ...TecPostBody,
  phone: string().optional(),
  website: url().optional(),
  email: email().optional(),
}, ORGANIZER_BODY_DOCS);
