import { z } from 'zod';
import { componentId } from './plugin-schema';

/**
 * The fields every tec/v1 post object shares (events, venues, organizers), as the plugin's `/docs` declares them:
 * `TEC_Post_Entity`, the object a read returns, and `TEC_Post_Entity_Request_Body`, the body a write takes. Both
 * declare the same WordPress post fields; the body takes `title`, `content` and `excerpt` as plain strings.
 */

/** A field with its prose: what `/docs` says of it and the example it shows. */
export const field = <T extends z.ZodType>(schema: T, description: string, example: unknown, more: Record<string, unknown> = {}): T =>
  schema.meta({ description, ...more, ...(example === undefined ? {} : { example }) }) as T;

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?$/;
const dateTime = () => z.string().regex(RFC3339).meta({ format: 'date-time' });
const uri = () => z.string().meta({ format: 'uri' });
const readOnly = { readOnly: true };

/** WordPress's post statuses a tec/v1 client may set (and filter lists by). */
export const POST_STATUSES = ['publish', 'pending', 'draft', 'future', 'private'] as const;
const POST_FORMATS = ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'] as const;
const openOrClosed = () => z.enum(['open', 'closed']).default('open');

/** An integer list whose members are unique (term and post ids). */
export const idList = (description: string, example: number[]) => field(z.array(z.int()), description, example, { uniqueItems: true });

const date = field(dateTime().nullable(), "The date the entity was published, in the site's timezone. In RFC3339 format.", '2025-06-04T23:36:56+01:00');
const dateGmt = field(dateTime().nullable(), 'The date the entity was published, as GMT. In RFC3339 format.', '2025-06-04T22:36:56Z');
const slug = field(z.string(), 'An alphanumeric identifier for the entity unique to its type', 'my-awesome-title');
const status = field(z.enum(POST_STATUSES).default('publish'), 'A named status for the entity.', 'publish');
const author = field(z.int(), 'The ID for the author of the entity.', 1);
const featuredMedia = field(z.int(), 'The ID of the featured media for the entity.', 123);
const commentStatus = field(openOrClosed(), 'Whether or not comments are open on the entity.', 'open');
const pingStatus = field(openOrClosed(), 'Whether or not the entity can be pinged', 'open');
const format = field(z.enum(POST_FORMATS).default('standard'), 'The format for the entity.', 'standard');
const sticky = field(z.boolean().default(false), 'Whether or not the entity should be treated as sticky', false);
const template = field(z.string(), 'The theme file to use to display the entity.', 'templates-full.php');
const tags = idList('The terms assigned to the entity in the post_tag taxonomy', [2, 8, 15]);

const TITLE_RENDERED = 'HTML title for the entity, transformed for display';
const CONTENT_RENDERED = 'HTML content for the entity, transformed for display';
const EXCERPT_RENDERED = 'HTML excerpt for the entity, transformed for display';
const rendered = (description: string, example: string, isProtected?: string) =>
  z.object({
    rendered: field(z.string(), description, example),
    ...(isProtected ? { protected: field(z.boolean(), isProtected, false) } : {}),
  });

export const TecPostEntity = z
  .object({
    date,
    date_gmt: dateGmt,
    guid: field(
      z.object({ rendered: field(uri(), 'The globally unique identifier for the entity.', 'https://example.com/?p=12345') }).nullable(),
      'The globally unique identifier for the entity.',
      undefined,
      readOnly,
    ),
    id: field(z.int(), 'Unique identifier for the entity.', 12345, readOnly),
    link: field(uri(), 'URL to the entity.', 'https://example.com/my-awesome-title', readOnly),
    modified: field(dateTime(), "The date the entity was last modified, in the site's timezone. In RFC3339 format.", '2025-06-05T19:06:56-03:30', readOnly),
    modified_gmt: field(dateTime(), 'The date the entity was last modified, as GMT. In RFC3339 format.', '2025-06-05T22:36:56Z', readOnly),
    slug,
    status,
    permalink_template: field(z.string(), 'Permalink template for the entity.', 'https://example.com/sample/', readOnly),
    generated_slug: field(z.string(), 'Slug automatically generated from the entity title', 'my-awesome-title', readOnly),
    // The plugin describes the title object with the guid's sentence.
    title: field(rendered(TITLE_RENDERED, 'My Awesome Title'), 'The globally unique identifier for the entity.', undefined),
    content: field(rendered(CONTENT_RENDERED, 'This is the content...', 'Whether the content is protected with a password'), 'The content for the entity.', undefined),
    excerpt: field(rendered(EXCERPT_RENDERED, 'This is the excerpt...', 'Whether the excerpt is protected with a password'), 'The excerpt for the entity.', undefined),
    author,
    featured_media: featuredMedia,
    comment_status: commentStatus,
    ping_status: pingStatus,
    format,
    sticky,
    template,
    tags,
  })
  .partial()
  .meta({ ...componentId('TEC_Post_Entity'), title: 'TEC Post Entity', description: 'A TEC post object as returned by the REST API' });

export const TecPostEntityRequestBody = z
  .object({
    date,
    date_gmt: dateGmt,
    slug,
    status,
    title: field(z.string(), TITLE_RENDERED, 'My Awesome Title'),
    content: field(z.string(), CONTENT_RENDERED, 'This is the content...'),
    excerpt: field(z.string(), EXCERPT_RENDERED, 'This is the excerpt...'),
    author,
    featured_media: featuredMedia,
    comment_status: commentStatus,
    ping_status: pingStatus,
    format,
    sticky,
    template,
    tags,
  })
  .partial()
  .meta({ ...componentId('TEC_Post_Entity_Request_Body'), title: 'TEC Post Entity Request Body', description: 'A TEC post object as expected by the REST API' });
