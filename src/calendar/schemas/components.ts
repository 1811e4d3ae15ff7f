import type { z } from 'zod';
import type { CalendarRegistry } from '../registry/calendar-registry';
import { CostDetails, DateDetails, Image, ImageSize, Term } from './parts';

/**
 * The component schemas of /doc, under the plugin's names and in the order of its document
 * (Tribe__Events__REST__V1__Documentation__*_Definition_Provider): the shared parts, then each post type's object.
 */
export function calendarComponents(registry: CalendarRegistry): ReadonlyArray<readonly [string, z.ZodType]> {
  return [['ImageSize', ImageSize], ['CostDetails', CostDetails], ['Term', Term], ['Image', Image], ['DateDetails', DateDetails], ...registry.postTypes.map((type) => type.outputSchema)];
}
