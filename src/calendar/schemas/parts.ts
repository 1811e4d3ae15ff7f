import { z } from 'zod';
import { declared, declaredListOf } from '../../http/openapi-schemas';

/**
 * The smaller objects inside the plugin's responses (terms, image, date details, cost details) as zod schemas of what
 * the service sends, with the plugin's documented declarations where they differ (date parts "integer",
 * `"currency_position "`). They name the component schemas of /doc and validate real responses in the tests.
 */

const d = (description: string) => ({ description });

/** `Y-m-d H:i:s` as stored in wp_posts and the event date meta. */
export const wallClock = () => z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
export const uri = () => z.string().meta({ format: 'uri' });
/** Integers WordPress hands over as strings (`author`, date parts): declared integer, as the plugin does. */
export const digits = () => declared(z.string().regex(/^\d+$/), { schema: { type: 'integer' } });
/** PHP's empty array, which json_encode() writes as `[]` wherever an object or a value is missing. */
export const emptyList = () => declared(z.tuple([]), { schema: { type: 'array', maxItems: 0 } });

const datePart = (description: string) => digits().meta(d(description));

export const DateDetails = z.strictObject({
  year: datePart('The date year'),
  month: datePart('The date month'),
  day: datePart('The date day'),
  hour: datePart('The date hour'),
  minutes: datePart('The date minutes'),
  seconds: datePart('The date seconds'),
});

export const CostDetails = z.strictObject({
  currency_symbol: z.string().meta(d('The cost currency symbol')),
  currency_code: z.string().meta(d('The cost currency code')),
  // The plugin's document names this key with a trailing space and lists only two positions.
  currency_position: declared(z.string(), { name: 'currency_position ', schema: { type: 'string', enum: ['prefix', 'postfix'] } }).meta(
    d('The position of the currency symbol in the cost string'),
  ),
  values: declared(z.array(z.string()), { schema: { type: 'array', items: { type: 'integer' } } }).meta(d('A sorted array of all the numeric values for the cost')),
});

export const ImageSize = z.looseObject({
  width: z.int().meta(d('The image width in pixels')),
  height: z.int().meta(d('The image height in pixels')),
  'mime-type': z.string().meta(d('The image mime-type')),
  url: uri().nullable().meta(d('The link to the image in the specified size on the site')),
  filesize: z.int().optional().meta(d('The image file size in bytes')),
});

export const Image = z.looseObject({
  url: uri().meta(d('The URL to the full size version of the image')),
  id: z.int().meta(d('The image WordPress post ID')),
  extension: z.string().meta(d('The image file extension')),
  width: z.int().optional().meta(d('The image natural width in pixels')),
  height: z.int().optional().meta(d('The image natural height in pixels')),
  sizes: declaredListOf(z.record(z.string(), ImageSize).optional(), 'ImageSize').meta(d('The details about each size available for the image')),
  filesize: z.int().optional().meta(d('The image file size in bytes')),
});

const termUrls = z.strictObject({ self: uri(), collection: uri(), up: uri().optional() });

/**
 * A term as embedded in an event (with `term_group`, `term_taxonomy_id`, `filter`) or as the term routes return it
 * (with `url`, `meta`, and `_links` on single terms; tags have no `parent` there).
 */
export const Term = z.strictObject({
  id: z.int().meta(d('The WordPress term ID')),
  name: z.string().meta(d('The term name')),
  slug: z.string().meta(d('The term slug')),
  taxonomy: z.string().meta(d('The taxonomy the term belongs to')),
  description: z.string().meta(d('The term description')),
  parent: z.int().optional().meta(d('The term parent term if any')),
  count: z.int().meta(d('The number of posts associated with the term')),
  url: uri().optional().meta(d('The URL to the term archive page')),
  urls: declared(termUrls, { schema: { type: 'array', items: { type: 'string' } } }).meta(d('A list of links to the term own, archive and parent REST URL')),
  term_group: z.int().optional().meta(d('The term group')),
  term_taxonomy_id: z.int().optional().meta(d('The term taxonomy ID')),
  filter: z.string().optional().meta(d('The filter the term went through')),
  meta: z.union([z.record(z.string(), z.unknown()), emptyList()]).optional().meta(d('The term meta exposed to the REST API')),
  _links: z.record(z.string(), z.unknown()).optional().meta(d('The WordPress REST links of the term')),
});
