import type supertest from 'supertest';
import { ACKNOWLEDGEMENT_HEADER, TEC_ACKNOWLEDGEMENT } from '../../src/calendar/tec/acknowledgement';
import { REST_ROOT, TRIBE_API, WP_V2_API } from './rest-paths';

/**
 * The racing-writers cache check shared by the kept-answers tests: the same lists, single event, venues and iCal
 * feed read through a caching app while a writer changes the rows, each answer then compared with what an app that
 * keeps nothing answers.
 */

/**
 * The answers the race reads: two pages of a month, a search, one event, the venues, the iCal feed, and one event and
 * a list of the two other APIs.
 */
export const racedUrls = (events: number[]) => [
  `${TRIBE_API}/events?start_date=2025-07-01&end_date=2025-07-31&per_page=5`,
  `${TRIBE_API}/events?start_date=2025-07-01&end_date=2025-07-31&per_page=5&page=2`,
  `${TRIBE_API}/events?start_date=2025-07-01&search=gig&per_page=4`,
  `${TRIBE_API}/events/${events[3]}`,
  `${TRIBE_API}/venues`,
  '/?post_type=tribe_events&ical=1',
  `${REST_ROOT}/tec/v1/events/${events[4]}`,
  `${WP_V2_API}/tribe_events/${events[5]}`,
  `${WP_V2_API}/tribe_events?per_page=4&orderby=title`,
];

/** A GET as a client of each API sends it (tec/v1 wants its acknowledgement). */
const ask = (agent: supertest.Agent, url: string) => agent.get(url).set(ACKNOWLEDGEMENT_HEADER, TEC_ACKNOWLEDGEMENT);

/** What a client sees of an answer: status, total and body. */
const answer = async (agent: supertest.Agent, url: string) => {
  const res = await ask(agent, url);
  return `${res.status} ${res.headers['x-wp-total'] ?? ''} ${res.text}`;
};

/**
 * `rounds` rounds of one write racing reads of three of the answers (all of them every 50th) through `keeping`,
 * then each answer read again from `keeping` and from `fresh`; every pair must be equal. Returns how many were compared.
 */
export async function raceKeptAnswers(options: { rounds: number; urls: string[]; write: (round: number) => Promise<void>; keeping: supertest.Agent; fresh: supertest.Agent }): Promise<number> {
  const { rounds, urls: all, write, keeping, fresh } = options;
  let compared = 0;
  for (let round = 0; round < rounds; round++) {
    const asked = round % 50 === 49 ? all : [0, 1, 2].map((i) => all[(round + i * 2) % all.length]!);
    await Promise.all([write(round), ...asked.map((url) => ask(keeping, url)), ask(keeping, asked[0]!)]);
    for (const url of asked) {
      expect({ url, round, answer: await answer(keeping, url) }).toEqual({ url, round, answer: await answer(fresh, url) });
      compared++;
    }
  }
  return compared;
}
