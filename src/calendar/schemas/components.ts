import type { z } from 'zod';
import { CostDetails, DateDetails, Image, ImageSize, Term } from './parts';
import { Event, Organizer, Venue } from './posts';

/** The component schemas of /doc, under the plugin's names and in the order of its document
*   (Tribe__Events__REST__V1__Documentation__*_Definition_Provider). */
export const CALENDAR_COMPONENTS: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['ImageSize', ImageSize],
  ['CostDetails', CostDetails],
  ['Term', Term],
  ['Image', Image],
  ['DateDetails', DateDetails],
  ['Event', Event],
  ['Venue', Venue],
  ['Organizer', Organizer],
];
