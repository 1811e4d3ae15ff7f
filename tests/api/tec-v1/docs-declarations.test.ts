import { tecArgDescriptors, type ArgDescriptors } from '../../../src/calendar/tec/docs/arg-descriptors';
import { tecCollectionSchema, tecItemSchema } from '../../../src/calendar/tec/docs/resource-schemas';
import { tecCalendar, tecRead } from '../../support/tec-v1-answers';

/**
 * The argument descriptors built from the `/docs` declarations against those the plugin listed in its namespace index
 * (recorded with posts_per_page 10): every tec/v1 endpoint's arguments, names, keywords and their order; and the
 * routes' schemas of its OPTIONS answers, which point into `/docs`.
 */

const recordedRoutes = () => JSON.parse(tecRead('namespace index [anon]').body).routes as Record<string, { endpoints: Array<{ methods: string[]; args: ArgDescriptors | [] }> }>;
/** What WordPress lists: the declared keywords, then `required`. */
const listed = (descriptors: ArgDescriptors) => Object.fromEntries(Object.entries(descriptors).map(([name, d]) => [name, { ...d, required: false }]));

describe('tec/v1 argument descriptors', () => {
  const ours = tecArgDescriptors(10);

  it.each(['events', 'organizers', 'venues'] as const)('are the plugin\'s for every endpoint of /%s', (plural) => {
    const routes = recordedRoutes();
    const collection = routes[`/tec/v1/${plural}`]!.endpoints;
    const item = routes[`/tec/v1/${plural}/(?P<id>\\d+)`]!.endpoints;
    const text = (value: unknown) => JSON.stringify(value);
    expect(collection.map((e) => e.methods)).toEqual([['GET'], ['POST']]);
    expect(text(collection[0]!.args)).toBe(text(listed(ours[plural].list)));
    expect(text(collection[1]!.args)).toBe(text(listed(ours[plural].write)));
    expect(item.map((e) => e.methods)).toEqual([['GET'], ['PUT', 'PATCH'], ['DELETE']]);
    expect(item[0]!.args).toEqual([]);
    expect(text(item[1]!.args)).toBe(text(listed(ours[plural].write)));
    expect(text(item[2]!.args)).toBe(text(listed(ours[plural].remove)));
  });

  it.each([
    ['OPTIONS /events [anon]', tecCollectionSchema, 'events', 'Event'],
    ['OPTIONS /events/16 [anon]', tecItemSchema, 'event', 'Event'],
    ['OPTIONS /organizers [anon]', tecCollectionSchema, 'organizers', 'Organizer'],
    ['OPTIONS /organizers/11 [anon]', tecItemSchema, 'organizer', 'Organizer'],
    ['OPTIONS /venues [anon]', tecCollectionSchema, 'venues', 'Venue'],
    ['OPTIONS /venues/6 [anon]', tecItemSchema, 'venue', 'Venue'],
  ])('give the route schema of «%s»', (name, schema, noun, component) => {
    const recorded = JSON.parse(tecRead(name).body).schema;
    expect(JSON.stringify(schema(`${tecCalendar().site}/wp-json/tec/v1/docs`, noun, component))).toBe(JSON.stringify(recorded));
  });

  it("follow the lists' default page size", () => {
    expect(tecArgDescriptors(12).events.list.per_page).toEqual({ description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 12, maximum: 100, minimum: 1 });
  });
});
