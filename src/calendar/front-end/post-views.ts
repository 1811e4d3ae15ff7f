import { escHtml } from '../../wp/text/formatting';
import type { FrontEndView } from '../registry/post-type';

/**
 * The `<article>` of each calendar post type's minimal front-end page, built from the post's tribe/events/v1 object:
 * the title and, for events, the dates and the venue; for venues, the address.
 */

/** Start and end as `<time>` elements in the event's wall clock; all-day events show dates only. */
function schedule(event: Record<string, unknown>): string {
  const start = event.start_date as string | null;
  const end = event.end_date as string | null;
  if (!start || !end) return '';
  const allDay = event.all_day === true;
  const show = (wall: string) => `<time datetime="${escHtml(allDay ? wall.slice(0, 10) : wall.replace(' ', 'T'))}">${escHtml(allDay ? wall.slice(0, 10) : wall.slice(0, 16))}</time>`;
  const range = allDay && start.slice(0, 10) === end.slice(0, 10) ? show(start) : `${show(start)} &#8211; ${show(end)}`;
  const zone = !allDay && event.timezone_abbr ? ` ${escHtml(String(event.timezone_abbr))}` : '';
  return `<p class="tribe-events-schedule">${range}${zone}</p>`;
}

/** The event's venue as the API embeds it: one object, or a list (none, or several in legacy data). */
function venues(value: unknown): string[] {
  const list = (Array.isArray(value) ? value : [value]) as Array<Record<string, unknown>>;
  return list.map((venue) => {
    const where = [venue.venue, address(venue)].filter((part) => typeof part === 'string' && part !== '').join(', ');
    return `<p class="tribe-events-venue">${escHtml(where)}</p>`;
  });
}

function address(venue: Record<string, unknown>): string {
  return ['address', 'city', 'stateprovince', 'zip', 'country']
    .map((key) => venue[key])
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(', ');
}

export const EVENT_PAGE: FrontEndView = {
  articleClass: 'tribe-events-single',
  apiRoot: 'item',
  title: (event) => escHtml(String(event.title)),
  details: (event, isProtected) => (isProtected ? ['<p>This content is password protected.</p>'] : [schedule(event), ...venues(event.venue)]),
};

export const VENUE_PAGE: FrontEndView = {
  articleClass: 'tribe-venue',
  apiRoot: 'namespace',
  title: (venue) => escHtml(String(venue.venue ?? '')),
  details: (venue, isProtected) => (isProtected ? [] : [`<p class="tribe-venue-address">${escHtml(address(venue))}</p>`]),
};

export const ORGANIZER_PAGE: FrontEndView = {
  articleClass: 'tribe-organizer',
  apiRoot: 'namespace',
  title: (organizer) => escHtml(String(organizer.organizer ?? '')),
  details: () => [],
};
