import { componentRef, type JsonSchema } from '../../../http/openapi-schemas';
import { tecDocComponents } from './components';
import { eventListParameters, FORCE_PARAMETER, linkedListParameters, type ParameterTable } from './parameters';
import { bodyProperties, parameterSchema } from './plugin-schema';

/**
 * The arguments of the tec/v1 endpoints as WordPress's route descriptors list them (the REST index, the namespace
 * index, OPTIONS), from the same declarations as `/docs`: a query parameter is its description then its `/docs`
 * schema; a write argument is its request-body property without `example` and `nullable`. WordPress appends
 * `required` (false for every tec/v1 argument). The item routes' GET declares no argument (`id` is only documented).
 */

export type ArgDescriptors = Record<string, JsonSchema>;

/** The descriptors of a parameter table (list filters, `force`). */
function parameterDescriptors(table: ParameterTable): ArgDescriptors {
  return Object.fromEntries(
    Object.entries(table.args).map(([name, arg]) => {
      const { description, schema } = parameterSchema(arg);
      return [name, { description, ...schema }];
    }),
  );
}

/** The write arguments of a request-body component (`Event_Request_Body`). */
function bodyDescriptors(component: string, components = tecDocComponents()): ArgDescriptors {
  const properties = bodyProperties(components.schemas, componentRef(component));
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const { example: _example, nullable: _nullable, ...descriptor } = property;
      return [name, descriptor];
    }),
  );
}

export interface TypeDescriptors {
  /** GET of the collection. */
  list: ArgDescriptors;
  /** POST of the collection and PUT/PATCH of an item. */
  write: ArgDescriptors;
  /** DELETE of an item. */
  remove: ArgDescriptors;
}

/** Every tec/v1 endpoint's descriptors by collection; `perPage` is the lists' default page size (tecDefaultPerPage). */
export function tecArgDescriptors(perPage: number): Record<'events' | 'organizers' | 'venues', TypeDescriptors> {
  const components = tecDocComponents();
  const remove = parameterDescriptors(FORCE_PARAMETER);
  return {
    events: { list: parameterDescriptors(eventListParameters(perPage)), write: bodyDescriptors('Event_Request_Body', components), remove },
    organizers: { list: parameterDescriptors(linkedListParameters('organizers', perPage)), write: bodyDescriptors('Organizer_Request_Body', components), remove },
    venues: { list: parameterDescriptors(linkedListParameters('venues', perPage)), write: bodyDescriptors('Venue_Request_Body', components), remove },
  };
}
