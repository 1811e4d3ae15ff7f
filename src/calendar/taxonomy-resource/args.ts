import { editableArgs } from '../../http/args';
import { registered, wpBoolean, wpInteger } from '../../http/wp-types';
import { tec } from '../schemas/arg-validators';
import { perPageArg } from '../site/page-size';

/**
 * The term routes' arguments (Archive_Category::READ_args, Single_Category::READ_args, CREATE_args and the Tag twins)
 * in the plugin's declaration order. Arguments whose validator needs the database (`include`, `exclude`, `parent`,
 * `post`, `event`, the item `id`) are declared without coercion: the engine's validate hook runs the plugin's check
 * first and the integer type after it, as WordPress runs validate callbacks before type sanitizing.
 */

/** WordPress's term-controller registrations, which the plugin copies: the description first. */
const d = (description: string) => registered('description, type', description);
const termList = (description: string) => tec.any().optional().meta({ type: 'array', items: { type: 'integer' }, ...registered('description, items', description) });
const checkedInteger = (description: string) => tec.any().optional().meta({ type: 'integer', ...d(description) });
/** The plugin's own registrations (create, item): the type first. */
const own = (description: string) => registered('type, description', description);

export function termArgs(label: string, plural: string, hierarchical: boolean) {
  const list = {
    page: tec.positiveInt().default(1).meta(registered('default, description, type', 'The archive page to return')),
    per_page: perPageArg(`The number of ${plural} to return on each page`),
    search: tec.nonEmptyString().optional().meta(d('Limit results to those matching a string')),
    exclude: termList('Ensure result set exclude specific IDs'),
    include: termList('Limit result set to specific IDs'),
    order: tec.nonEmptyString().optional().meta(d('Order sort attribute ascending or descending')),
    orderby: tec.nonEmptyString().optional().meta(d('Sort collection by term attribute')),
    // The plugin registers the default as the string "1".
    hide_empty: wpBoolean().default(true).meta(registered('description, type, default', 'Whether to hide terms not assigned to any posts', { default: '1' })),
    ...(hierarchical ? { parent: checkedInteger('Limit result set to terms assigned to a specific parent') } : {}),
    post: checkedInteger('Limit result set to terms assigned to a specific post'),
    event: checkedInteger('Limit result set to terms assigned to a specific event (an alias of the "post" parameter)'),
    slug: tec.nonEmptyString().optional().meta(d('Limit result set to terms with a specific slug')),
  };
  const read = { id: wpInteger().meta(own(`the ${label} term ID`)) };
  const create = {
    name: tec.nonEmptyString().meta(own(`The ${label} name`)),
    description: tec.nonEmptyString().optional().meta(own(`The ${label} description`)),
    slug: tec.nonEmptyString().optional().meta(own(`The ${label} slug`)),
    // "slug" sic: the plugin's description of the parent.
    ...(hierarchical ? { parent: tec.any().optional().meta({ type: 'integer', ...own(`The ${label} slug`) }) } : {}),
  };
  return {
    list,
    read,
    create,
    // EDITABLE: the READ arguments and every CREATE argument, none of them required.
    update: { ...read, ...editableArgs(create) },
    delete: read,
  };
}
