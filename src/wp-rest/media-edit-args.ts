import { z } from 'zod';
import { isPhpNumeric } from '../php/builtins';
import type { ImageModifier } from '../wp/image-edits';
import { registered, typeIssue, wpInteger, wpNumber, wpString } from '../http/wp-types';
import { mediaSchemaProperties } from './media-schema';
import { argFromProperty } from './post-schema';
import { rawText, WRITE_STATUSES } from './post-write-args';

/**
 * The arguments of `POST /wp/v2/media/<id>/edit` (WP_REST_Attachments_Controller::get_edit_media_item_args()): the
 * image's URL, the edits (flip, rotate, crop; or the deprecated `rotation` and crop percentages), and the new
 * attachment's title, caption, description, parent and alternative text.
 */

const d = registered;
const property = (description: string, type: string) => ({ description, type });
const MODIFIER_SCHEMA = {
  description: 'Image edit.',
  type: 'object',
  required: ['type', 'args'],
  oneOf: [
    {
      title: 'Flip',
      properties: {
        type: { ...property('Flip type.', 'string'), enum: ['flip'] },
        args: {
          ...property('Flip arguments.', 'object'),
          required: ['flip'],
          properties: {
            flip: {
              ...property('Flip direction.', 'object'),
              required: ['horizontal', 'vertical'],
              properties: { horizontal: property('Whether to flip in the horizontal direction.', 'boolean'), vertical: property('Whether to flip in the vertical direction.', 'boolean') },
            },
          },
        },
      },
    },
    {
      title: 'Rotation',
      properties: {
        type: { ...property('Rotation type.', 'string'), enum: ['rotate'] },
        args: { ...property('Rotation arguments.', 'object'), required: ['angle'], properties: { angle: property('Angle to rotate clockwise in degrees.', 'number') } },
      },
    },
    {
      title: 'Crop',
      properties: {
        type: { ...property('Crop type.', 'string'), enum: ['crop'] },
        args: {
          ...property('Crop arguments.', 'object'),
          required: ['left', 'top', 'width', 'height'],
          properties: {
            left: property('Horizontal position from the left to begin the crop as a percentage of the image width.', 'number'),
            top: property('Vertical position from the top to begin the crop as a percentage of the image height.', 'number'),
            width: property('Width of the crop as a percentage of the image width.', 'number'),
            height: property('Height of the crop as a percentage of the image height.', 'number'),
          },
        },
      },
    },
  ],
};

const FIELDS = { rotate: ['angle'], crop: ['left', 'top', 'width', 'height'] } as const;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isBoolean = (v: unknown) => typeof v === 'boolean' || v === 'true' || v === 'false' || v === '1' || v === '0' || v === 1 || v === 0;
const truthy = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1;

/**
 * One edit as the `oneOf` of its schema reads it. A value no schema takes is refused as WordPress words it: every
 * schema names both `type` and `args`, so WordPress reports the first, Flip, and why the value is no flip.
 */
function modifier(value: unknown, at: string): ImageModifier | string {
  if (!isObject(value)) return `${at} is not of type object.`;
  const notFlip = (reason: string) => `${at} is not a valid Flip. Reason: ${reason}`;
  const kind = value.type;
  const args = isObject(value.args) ? value.args : undefined;
  if (kind !== 'flip' && kind !== 'rotate' && kind !== 'crop') return notFlip(`${at}[type] is not flip.`);
  if (kind === 'flip') return flipOf(args) ?? notFlip(flipReason(value, at));
  if (!args || !FIELDS[kind].every((field) => isPhpNumeric(args[field]))) return notFlip(`${at}[type] is not flip.`);
  const n = (field: string) => Number(args[field]);
  return kind === 'rotate' ? { type: 'rotate', angle: n('angle') } : { type: 'crop', left: n('left'), top: n('top'), width: n('width'), height: n('height') };
}

/** A flip's arguments, read; undefined when they are no flip's. */
function flipOf(args: Record<string, unknown> | undefined): ImageModifier | undefined {
  const flip = args?.flip;
  if (!isObject(flip) || !['horizontal', 'vertical'].every((side) => side in flip && isBoolean(flip[side]))) return undefined;
  return { type: 'flip', horizontal: truthy(flip.horizontal), vertical: truthy(flip.vertical) };
}

/** Why a value typed `flip` is no flip: its first missing or mistyped part. */
function flipReason(value: Record<string, unknown>, at: string): string {
  if (!isObject(value.args)) return 'args' in value ? `${at}[args] is not of type object.` : `args is a required property of ${at}.`;
  const flip = value.args.flip;
  if (!isObject(flip)) return 'flip' in value.args ? `${at}[args][flip] is not of type object.` : `flip is a required property of ${at}[args].`;
  for (const side of ['horizontal', 'vertical']) {
    if (!(side in flip)) return `${side} is a required property of ${at}[args][flip].`;
    if (!isBoolean(flip[side])) return `${at}[args][flip][${side}] is not of type boolean.`;
  }
  return `${at}[type] is not flip.`;
}

const modifiersArg = () =>
  z
    .unknown()
    .transform((value, ctx) => {
      if (!Array.isArray(value)) return typeIssue(ctx, '{param} is not of type array.');
      if (value.length < 1) return typeIssue(ctx, '{param} must contain at least 1 item.', 'rest_too_few_items');
      const out: ImageModifier[] = [];
      for (const [i, item] of value.entries()) {
        const parsed = modifier(item, `{param}[${i}]`);
        if (typeof parsed === 'string') return typeIssue(ctx, parsed, parsed.includes('is not a valid') ? 'rest_no_matching_schema' : 'rest_invalid_type', 'sanitize', { position: 0 });
        out.push(parsed);
      }
      return out;
    })
    .optional()
    .meta(d('description, type, minItems, items', 'Array of image edits.', { type: 'array', minItems: 1, items: MODIFIER_SCHEMA }));

/** A deprecated percentage (0 to 100). */
const percent = (description: string) =>
  wpNumber()
    .transform((n, ctx) => (n < 0 || n > 100 ? typeIssue(ctx, '{param} must be between 0 (inclusive) and 100 (inclusive)', 'rest_out_of_bounds') : n))
    .optional()
    .meta(d('description, type, minimum, maximum', `${description} DEPRECATED: Use \`modifiers\` instead.`, { minimum: 0, maximum: 100 }));

export const mediaEditArgs = () => {
  const properties = mediaSchemaProperties({ metaSchema: {}, statuses: WRITE_STATUSES });
  const described = <T extends z.ZodType>(schema: T, name: string) => schema.meta(argFromProperty(properties[name]!));
  return {
    src: wpString().meta({ format: 'uri', ...d('description, type, format', 'URL to the edited image file.') }),
    modifiers: modifiersArg(),
    rotation: wpInteger()
      .transform((n, ctx) => (n <= 0 || n >= 360 ? typeIssue(ctx, '{param} must be between 0 (exclusive) and 360 (exclusive)', 'rest_out_of_bounds') : n))
      .optional()
      .meta(
        d('description, type, minimum, exclusiveMinimum, maximum, exclusiveMaximum', 'The amount to rotate the image clockwise in degrees. DEPRECATED: Use `modifiers` instead.', {
          minimum: 0,
          exclusiveMinimum: true,
          maximum: 360,
          exclusiveMaximum: true,
        }),
      ),
    x: percent('As a percentage of the image, the x position to start the crop from.'),
    y: percent('As a percentage of the image, the y position to start the crop from.'),
    width: percent('As a percentage of the image, the width to crop the image to.'),
    height: percent('As a percentage of the image, the height to crop the image to.'),
    caption: described(rawText(), 'caption'),
    description: described(rawText(), 'description'),
    title: described(rawText(), 'title'),
    post: described(wpInteger().optional(), 'post'),
    alt_text: described(wpString().optional(), 'alt_text'),
  };
};

export interface MediaEditArgs {
  src: string;
  modifiers?: ImageModifier[];
  rotation?: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  caption?: string;
  description?: string;
  title?: string;
  post?: number;
  alt_text?: string;
}

/** The edits asked for: `modifiers`, else the deprecated rotation, then crop (when all four percentages are given). */
export function requestedModifiers(a: MediaEditArgs): ImageModifier[] {
  if (a.modifiers) return a.modifiers;
  const out: ImageModifier[] = [];
  if (a.rotation !== undefined) out.push({ type: 'rotate', angle: a.rotation });
  if (a.x !== undefined && a.y !== undefined && a.width !== undefined && a.height !== undefined) out.push({ type: 'crop', left: a.x, top: a.y, width: a.width, height: a.height });
  return out;
}
