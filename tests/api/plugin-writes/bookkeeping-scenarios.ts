import type { WriteScenario } from './scenarios';

/**
 * The plugin's bookkeeping around event writes, sent to the real plugin (recorded into bookkeeping-writes.json by
 * `scripts/record-plugin-writes.ts bookkeeping`) and replayed by bookkeeping-writes.test.ts: the currency a cost was
 * written with (kept, replaced or emptied by later costs), costs with ranges, lists, markup and entities, and the
 * post dates of events, venues and organizers written with `date` or `date_utc` (the `_Venuepost_date` artifacts, and
 * `modified` after the plugin's own second save of a sticky event). Same conventions as scenarios.ts (which is why no
 * cost here is written with `$` and a digit: `$N` names a step's id).
 */

const AT = { start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' };
const COST = ['cost', 'cost_details'];
const DATES = ['date', 'date_utc', 'modified', 'modified_utc'];

export const BOOKKEEPING_SCENARIOS: WriteScenario[] = [
  {
    name: 'a cost update without a symbol empties the currency',
    steps: [
      { method: 'POST', path: '/events', body: { title: 'Priced', ...AT, cost: '€15' }, check: COST },
      { method: 'PUT', path: '/events/$0', body: { cost: '20' }, check: COST },
      { method: 'PUT', path: '/events/$0', body: { cost: '£5, £10' }, check: COST },
      { method: 'PUT', path: '/events/$0', body: { title: 'No cost sent' }, check: COST },
      { method: 'PUT', path: '/events/$0', body: { cost: '20€' }, check: COST },
      { method: 'PUT', path: '/events/$0', body: { cost: '10-20' }, check: COST },
      { method: 'PUT', path: '/events/$0', body: { cost: '£5' }, check: COST },
      { method: 'PUT', path: '/events/$0', body: { cost: '0' }, check: COST },
      { method: 'PUT', path: '/events/$0', body: { cost: '€7' }, check: COST },
      { method: 'PUT', path: '/events/$0', body: { cost: '' }, check: COST },
      { method: 'GET', path: '/events/$0', check: [...COST, 'json_ld'] },
    ],
  },
  {
    name: 'costs with ranges, symbols, markup and entities on create',
    steps: [
      { method: 'POST', path: '/events', body: { title: 'Range', ...AT, cost: '10-20' }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'Euro range', ...AT, cost: '€10 - €20' }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'Spaced symbol', ...AT, cost: '€ 5, € 6' }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'Mixed symbols', ...AT, cost: '£5, €6' }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'Symbol after', ...AT, cost: '5 kr' }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'Markup', ...AT, cost: '<b>£9</b>' }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'Entity', ...AT, cost: '&euro;9' }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'Ampersand', ...AT, cost: 'A&amp;B 9' }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'List', ...AT, cost: ['£5', '£6'] }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'Word first', ...AT, cost: 'Free, £5' }, check: COST },
      { method: 'POST', path: '/events', body: { title: 'Decimals', ...AT, cost: '£5.50, £10' }, check: COST },
    ],
  },
  {
    name: 'post dates of venues, organizers and events written with date or date_utc',
    steps: [
      { method: 'POST', path: '/venues', body: { venue: 'Dated hall', date: '2025-01-01 10:00:00' }, check: DATES },
      { method: 'POST', path: '/venues', body: { venue: 'UTC hall', date_utc: '2025-01-02 10:00:00' }, check: DATES },
      { method: 'POST', path: '/organizers', body: { organizer: 'Dated org', date: '2025-01-03 10:00:00', date_utc: '2025-01-03 09:00:00' }, check: DATES },
      { method: 'POST', path: '/venues/$0', body: { date: '2025-02-01 10:00:00' }, check: DATES },
      { method: 'POST', path: '/organizers/$2', body: { date_utc: '2025-02-02 10:00:00' }, check: DATES },
      { method: 'POST', path: '/events', body: { title: 'Dated', ...AT, date: '2025-03-01 10:00:00' }, check: DATES },
      { method: 'POST', path: '/events', body: { title: 'Dated sticky', ...AT, date: '2025-03-02 10:00:00', sticky: true }, check: DATES },
      { method: 'POST', path: '/events', body: { title: 'Dated featured', ...AT, date: '2025-03-03 10:00:00', featured: true }, check: DATES },
      {
        method: 'POST',
        path: '/events',
        body: { title: 'Dated with inline', ...AT, date: '2025-03-04 10:00:00', venue: { venue: 'Inline hall', date: '2025-03-05 10:00:00' }, organizer: [{ organizer: 'Inline org' }] },
        check: DATES,
      },
      { method: 'POST', path: '/events', body: { title: 'Reuses by name', ...AT, date: '2025-03-06 10:00:00', venue: { venue: 'Dated hall' }, organizer: [{ organizer: 'Dated org' }] }, check: DATES },
      { method: 'POST', path: '/events', body: { title: 'Reuses by id', ...AT, venue: '$1', organizer: ['$2'] }, check: DATES },
      { method: 'POST', path: '/events/$6', body: { sticky: false }, check: DATES },
      { method: 'POST', path: '/events/$5', body: { date: '2025-04-01 10:00:00', sticky: true }, check: DATES },
      { method: 'GET', path: '/venues/$0', check: DATES },
      { method: 'GET', path: '/organizers/$2', check: DATES },
    ],
  },
];
