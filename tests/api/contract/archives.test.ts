import { seedEvent, seedMeta, seedPost } from '../../support/rows';
import { describeArchiveContract, type SeedOptions } from './archive-contract';
import type { TestApp } from '../../support/test-app';

/** The shared archive contract, run unchanged for /events, /venues and /organizers. */

const pad = (n: number) => String(n).padStart(2, '0');

describeArchiveContract({
  base: 'events',
  notFound: { code: 'event-archive-page-not-found', message: 'The requested event archive page does not exist' },
  nameKey: 'title',
  maskedName: 'Archive item 30',
  // Events sort by start: the n-th starts on July n.
  seed: (t: TestApp, n: number, o: SeedOptions = {}) =>
    seedEvent(t.wp, {
      post_title: `Archive item ${n}`,
      post_name: `archive-item-${n}`,
      post_status: o.status,
      post_password: o.password,
      post_content: o.content,
      start: `2025-07-${pad(n)} 10:00:00`,
      end: `2025-07-${pad(n)} 12:00:00`,
    }),
});

/** Venues and organizers sort newest first: the n-th is published on January 31 − n. */
function linkedSeed(postType: string, meta: Record<string, string>) {
  return async (t: TestApp, n: number, o: SeedOptions = {}) => {
    const id = await seedPost(t.wp, {
      post_type: postType,
      post_title: `Archive item ${n}`,
      post_name: `archive-item-${n}`,
      post_status: o.status,
      post_password: o.password,
      post_content: o.content,
      post_date: `2025-01-${pad(31 - n)} 09:00:00`,
    });
    await seedMeta(t.wp, id, meta);
    return id;
  };
}

describeArchiveContract({
  base: 'venues',
  notFound: { code: 'venue-archive-page-not-found', message: 'The requested venue archive page does not exist' },
  nameKey: 'venue',
  maskedName: [],
  seed: linkedSeed('tribe_venue', { _VenueOrigin: 'events-calendar', _VenueCity: 'Lyon', _VenueShowMap: '1', _VenueShowMapLink: '1' }),
});

describeArchiveContract({
  base: 'organizers',
  notFound: { code: 'organizer-archive-page-not-found', message: 'The requested organizer archive page does not exist' },
  nameKey: 'organizer',
  maskedName: [],
  seed: linkedSeed('tribe_organizer', { _OrganizerOrigin: 'events-calendar', _OrganizerEmail: 'team@example.com' }),
});
