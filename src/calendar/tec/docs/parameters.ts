import { z } from 'zod';
import type { JsonSchema } from '../../../http/openapi-schemas';
import { field, idList, POST_STATUSES } from './entity-fields';
import { parameterSchema } from './plugin-schema';

/**
 * The parameters the plugin's `/docs` declares for each tec/v1 operation, as zod schemas carrying their prose
 * (description, example): the list filters of events and of venues and organizers, the id of the single routes and
 * `force` of deletions. `per_page`'s default is the site's page size, read on each request (default-per-page.ts).
 */

export interface ParameterTable {
  in: 'query' | 'path';
  args: Record<string, z.ZodType>;
}

const dateTime = (description: string) => field(z.string().meta({ format: 'date-time' }), description, '2025-06-05T12:00:00Z');
const ids = (description: string) => idList(description, [126]);
const yes = (description: string) => field(z.boolean(), description, true);
const statuses = (plural: string) =>
  field(z.array(z.enum(POST_STATUSES)).default(['publish']), `Limit result set to ${plural} with specific status.`, ['publish'], { uniqueItems: true });

/** `page`, `per_page` and `search`, the head of every list. */
const paging = (perPage: number) => ({
  page: field(z.int().min(1).default(1), 'The collection page number.', 1),
  per_page: field(z.int().min(1).max(100).default(perPage), 'Maximum number of items to be returned in result set.', 51),
  search: field(z.string(), 'Limit results to those matching a string.', 'Example'),
});

export function eventListParameters(perPage: number): ParameterTable {
  const { page, per_page, search } = paging(perPage);
  return {
    in: 'query',
    args: {
      page,
      per_page,
      start_date: dateTime('Limit events to those starting after the specified date.'),
      end_date: dateTime('Limit events to those ending before the specified date.'),
      search,
      categories: ids('Limit result set to events assigned specific categories.'),
      tags: ids('Limit result set to events assigned specific tags.'),
      venue: ids('Limit result set to events assigned to specific venues.'),
      organizer: ids('Limit result set to events assigned to specific organizers.'),
      featured: yes('Limit result set to featured events only.'),
      status: statuses('events'),
      post_parent: field(z.int(), 'Limit result set to events with specific post parent.', 126),
      starts_before: dateTime('Limit result set to events starting before the specified date.'),
      starts_after: dateTime('Limit result set to events starting after the specified date.'),
      ends_before: dateTime('Limit result set to events ending before the specified date.'),
      ends_after: dateTime('Limit result set to events ending after the specified date.'),
      ticketed: yes('Limit result set to events with tickets.'),
      orderby: field(z.enum(['date', 'event_date', 'title', 'menu_order', 'modified']).default('event_date'), 'Sort collection by event attribute.', 'date'),
      order: field(z.enum(['ASC', 'DESC']).default('ASC'), 'Order sort attribute ascending or descending.', 'ASC'),
    },
  };
}

/** Venues and organizers (`plural`: "venues", "organizers"). */
export function linkedListParameters(plural: string, perPage: number): ParameterTable {
  return {
    in: 'query',
    args: {
      ...paging(perPage),
      event: field(z.int(), `Limit result set to ${plural} with specific event.`, 126),
      has_events: yes(`Limit result set to ${plural} with events.`),
      only_with_upcoming: yes(`Limit result set to ${plural} with upcoming events.`),
      status: statuses(plural),
    },
  };
}

export const idParameter = (singular: string): ParameterTable => ({
  in: 'path',
  args: { id: field(z.int(), `Unique identifier for the ${singular}.`, 126) },
});

export const FORCE_PARAMETER: ParameterTable = {
  in: 'query',
  args: { force: field(z.boolean().default(false), 'Whether to bypass Trash and force deletion.', true) },
};

/** The `parameters` of an operation; list parameters (arrays) are sent comma-separated, hence `explode: false`. */
export function parameters(...tables: ParameterTable[]): JsonSchema[] {
  return tables.flatMap((table) =>
    Object.entries(table.args).map(([name, arg]) => {
      const { schema, description, example } = parameterSchema(arg);
      return {
        name,
        in: table.in,
        description,
        required: table.in === 'path',
        ...(schema.type === 'array' ? { explode: false } : {}),
        schema,
        example,
      };
    }),
  );
}
