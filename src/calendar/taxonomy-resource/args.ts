import { editableArgs } from '../../http/args';
import { wpBoolean, wpInteger } from '../../http/wp-types';
import { tec } from '../validators';
import { DEFAULT_PER_PAGE } from '../page-size';

/**
 * The term routes' arguments (Archive_Category::READ_args, Single_Category::READ_args, CREATE_args and the Tag twins)
 * in the plugin's declaration order. Arguments whose validator needs the database (`include`, `exclude`, `parent`,
 * `post`, `event`, the item `id`) are declared without coercion: the engine's validate hook runs the plugin's check
 * first and the integer type after it, as WordPress runs validate callbacks before type sanitizing.
 */

const d = (description: string) => ({ description });
const termList = (description: string) => tec.any().optional().meta({ type: 'array', items: { type: 'integer' }, description });
const checkedInteger = (description: string) => tec.any().optional().meta({ type: 'integer', description });

export function termArgs(label: string, plural: string, hierarchical: boolean) {
  const list = {
    page: tec.positiveInt().default(1).meta(d('The archive page to return')),
    per_page: tec
      .positiveInt()
      .default(DEFAULT_PER_PAGE)
      .meta({ type: 'integer', description: `The number of ${plural} to return on each page` }),
    search: tec.nonEmptyString().optional().meta(d('Limit results to those matching a string')),
    exclude: termList('Ensure result set exclude specific IDs'),
    include: termList('Limit result set to specific IDs'),
    order: tec.nonEmptyString().optional().meta(d('Order sort attribute ascending or descending')),
    orderby: tec.nonEmptyString().optional().meta(d('Sort collection by term attribute')),
    hide_empty: wpBoolean().default(true).meta(d('Whether to hide terms not assigned to any posts')),
    ...(hierarchical ? { parent: checkedInteger('Limit result set to terms assigned to a specific parent term') } : {}),
    post: checkedInteger('Limit result set to terms assigned to a specific post'),
    event: checkedInteger('Limit result set to terms assigned to a specific event (an alias of the "post" parameter)'),
    slug: tec.nonEmptyString().optional().meta(d('Limit result set to terms with a specific slug')),
  };
  const read = { id: wpInteger().meta(d(`the ${label} term ID`)) };
  const create = {
    name: tec.nonEmptyString().meta(d(`the ${label} name`)),
    description: tec.nonEmptyString().optional().meta(d(`the ${label} description`)),
    slug: tec.nonEmptyString().optional().meta(d(`the ${label} slug`)),
    ...(hierarchical ? { parent: checkedInteger(`the ${label} parent category term ID`) } : {}),
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
