import type { WriteScenario } from './scenarios';

/**
 * Edge cases of event writes and list URLs sent to the real plugin (recorded into edge-writes.json by
 * `scripts/record-plugin-writes.ts edge`) and replayed by edge-writes.test.ts. Same conventions as scenarios.ts.
 */

const DATES = ['start_date', 'end_date', 'utc_start_date', 'utc_end_date', 'all_day', 'timezone'];
const event = (title: string, extra: Record<string, unknown>) => ({ title, ...extra });
const AT = { start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00' };

export const EDGE_SCENARIOS: WriteScenario[] = [
  {
    name: 'an end before the start is stored as the start in local time only',
    steps: [
      { method: 'POST', path: '/events', body: event('UTC', { start_date: '2027-01-02 10:00:00', end_date: '2027-01-01 11:00:00' }), check: DATES },
      { method: 'POST', path: '/events', body: event('Paris', { start_date: '2027-01-02 10:00:00', end_date: '2027-01-01 11:00:00', timezone: 'Europe/Paris' }), check: DATES },
      { method: 'POST', path: '/events', body: event('New York', { start_date: '2027-01-02 10:00:00', end_date: '2027-01-02 09:00:00', timezone: 'America/New_York' }), check: DATES },
      { method: 'POST', path: '/events', body: event('All day', { start_date: '2027-01-02 10:00:00', end_date: '2027-01-01 11:00:00', all_day: true }), check: DATES },
      { method: 'POST', path: '/events', body: event('All day, same day', { start_date: '2027-01-02 10:00:00', end_date: '2027-01-02 09:00:00', all_day: true }), check: DATES },
      { method: 'POST', path: '/events', body: event('Sydney all day', { start_date: '2027-01-02', end_date: '2027-01-01', all_day: true, timezone: 'Australia/Sydney' }), check: DATES },
      { method: 'GET', path: '/events', check: ['total'] },
      { method: 'GET', path: '/events/$0', check: DATES },
    ],
  },
  {
    name: 'updates that move one side of the dates past the other',
    steps: [
      { method: 'POST', path: '/events', body: event('Timed', { start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00' }), check: DATES },
      { method: 'POST', path: '/events/$0', body: { end_date: '2026-12-31 10:00:00' }, check: DATES },
      { method: 'POST', path: '/events/$0', body: { start_date: '2027-01-05 10:00:00' }, check: DATES },
      { method: 'POST', path: '/events/$0', body: { start_date: '2027-01-05 10:00:00', end_date: '2027-01-04 10:00:00' }, check: DATES },
      { method: 'POST', path: '/events', body: event('Whole day', { start_date: '2027-01-02', end_date: '2027-01-02', all_day: true }), check: DATES },
      { method: 'POST', path: '/events/$4', body: { all_day: true, end_date: '2027-01-01 10:00:00' }, check: DATES },
      { method: 'POST', path: '/events/$4', body: { all_day: true, start_date: '2027-01-03' }, check: DATES },
      { method: 'POST', path: '/events/$4', body: { status: 'draft' }, check: DATES },
      { method: 'GET', path: '/events', check: ['total'] },
    ],
  },
  {
    name: 'list arguments the paging URLs drop or keep',
    steps: [
      { method: 'GET', path: '/events?per_page=10&ticketed=0', check: ['rest_url'] },
      { method: 'GET', path: '/events?per_page=10&ticketed=false&featured=1', check: ['rest_url'] },
      { method: 'GET', path: '/events?per_page=10&geoloc=0&geoloc_lat=1&geoloc_lng=2', check: ['rest_url'] },
      { method: 'GET', path: '/events?per_page=10&geoloc=false', check: ['rest_url'] },
      { method: 'GET', path: '/events?per_page=10&geoloc_lat=1&geoloc_lng=2', check: ['rest_url'] },
      { method: 'GET', path: '/events?per_page=10&geoloc=1&geoloc_lat=1&geoloc_lng=2', check: ['rest_url'] },
      { method: 'GET', path: '/events?per_page=10&strict_dates=0', check: ['code', 'data'] },
      { method: 'GET', path: '/events?per_page=10&strict_dates=00', check: ['rest_url'] },
      { method: 'GET', path: '/events?per_page=10&virtual=0&hide_subsequent_recurrences=1', check: ['rest_url'] },
    ],
  },
  {
    name: 'empty and partial inline venues and organizers',
    steps: [
      { method: 'POST', path: '/organizers', body: { organizer: 'Existing' } },
      ...[
        { venue: { venue: '' } },
        { venue: { id: 0 } },
        { venue: {} },
        { venue: [{}] },
        { venue: ['', ''] },
        { venue: [] },
        { organizer: {} },
        { organizer: { organizer: '' } },
        { organizer: { id: 0 } },
        { organizer: { id: '$0' } },
        { organizer: { organizer: 'Named' } },
        { organizer: [{}] },
        { organizer: [{}, '$0'] },
        { organizer: ['', '$0'] },
        { organizer: [{ organizer: '' }] },
        { organizer: [0] },
      ].map((extra, i) => ({ method: 'POST' as const, path: '/events', body: event(`Linked ${i}`, { start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00', ...extra }), check: ['code', 'data'] })),
    ],
  },
  {
    name: 'post dates from date or date_utc alone',
    steps: [
      { method: 'POST', path: '/events', body: event('Dated', { start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00', date_utc: '2025-02-01 10:00:00' }), check: ['date', 'date_utc'] },
      { method: 'POST', path: '/events/$0', body: { date_utc: '2025-03-01 10:00:00' }, check: ['date', 'date_utc'] },
      { method: 'POST', path: '/venues', body: { venue: 'Hall' }, check: ['date', 'date_utc'] },
      { method: 'POST', path: '/venues/$2', body: { date: '2025-01-01 10:00:00' }, check: ['date', 'date_utc'] },
      { method: 'POST', path: '/organizers', body: { organizer: 'Org' }, check: ['date', 'date_utc'] },
      { method: 'POST', path: '/organizers/$4', body: { date: '2025-01-01 10:00:00' }, check: ['date', 'date_utc'] },
      { method: 'POST', path: '/venues/$2', body: { date_utc: '2025-04-01 10:00:00' }, check: ['date', 'date_utc'] },
    ],
  },
  {
    name: 'a blank name on a venue or organizer update keeps the stored one',
    steps: [
      { method: 'POST', path: '/venues', body: { venue: 'Hall' }, check: ['venue'] },
      { method: 'POST', path: '/venues/$0', body: { venue: '   ', city: 'Lyon' }, check: ['venue', 'city'] },
      { method: 'POST', path: '/organizers', body: { organizer: 'Org' }, check: ['organizer'] },
      { method: 'POST', path: '/organizers/$2', body: { organizer: ' ' }, check: ['organizer'] },
      { method: 'POST', path: '/organizers/$2', body: { organizer: '' }, check: ['organizer'] },
    ],
  },
  {
    name: 'a venue or organizer name of spaces only on a create',
    steps: [
      { method: 'POST', path: '/venues', body: { venue: '   ' }, check: ['code', 'data', 'venue'] },
      { method: 'POST', path: '/organizers', body: { organizer: ' ' }, check: ['code', 'data', 'organizer'] },
      { method: 'POST', path: '/events', body: event('Blank venue', { start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00', venue: { venue: '   ' } }), check: ['code', 'data'] },
      { method: 'POST', path: '/events', body: event('Blank organizer', { start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00', organizer: [{ organizer: '  ' }] }), check: ['code', 'data'] },
      { method: 'POST', path: '/venues', body: { venue: 'Hall' }, check: ['venue'] },
      { method: 'POST', path: '/venues/$4', body: { venue: '   ' }, check: ['venue'] },
      { method: 'POST', path: '/venues', body: { venue: '   ' }, check: ['code', 'data', 'venue'] },
    ],
  },
  {
    name: 'tags named after an existing tag give the event a tag named after its id',
    terms: true,
    steps: [
      { method: 'POST', path: '/tags', body: { name: 'rock' }, check: ['id', 'name', 'slug'] },
      { method: 'POST', path: '/tags', body: { name: 'Late Night' }, check: ['id', 'name', 'slug'] },
      // A first use creates the tag and keeps it; the same name again finds it and names a new tag after its id.
      { method: 'POST', path: '/events', body: event('First use', { ...AT, tags: ['jazz'] }), check: ['tags'] },
      { method: 'POST', path: '/events', body: event('Second use', { ...AT, tags: ['jazz'] }), check: ['tags'] },
      // By another case or by slug, beside a new name (created first), as a comma string.
      { method: 'POST', path: '/events', body: event('Case and slug', { ...AT, tags: ['ROCK', 'new one', 'late-night'] }), check: ['tags'] },
      { method: 'POST', path: '/events', body: event('Comma string', { ...AT, tags: 'Late Night,folk' }), check: ['tags'] },
      // The id sent first keeps the tag; the name first wins over the id after it.
      { method: 'POST', path: '/events', body: event('Id then name', { ...AT, tags: ['$0', 'rock'] }), check: ['tags'] },
      { method: 'POST', path: '/events', body: event('Name then id', { ...AT, tags: ['rock', '$0'] }), check: ['tags'] },
      { method: 'POST', path: '/events', body: event('Twice new', { ...AT, tags: ['blues', 'Blues'] }), check: ['tags'] },
      { method: 'POST', path: '/events', body: event('Unknown ids', { ...AT, tags: ['999', 998] }), check: ['tags'] },
      { method: 'POST', path: '/events', body: event('Draft', { ...AT, status: 'draft', tags: ['rock'] }), check: ['tags'] },
      // Updates: without tags the tags stay; a name replaces them the same way; an empty list removes them.
      { method: 'POST', path: '/events/$2', body: { title: 'First use, renamed' }, check: ['tags'] },
      { method: 'POST', path: '/events/$2', body: { tags: ['jazz', 'rock'] }, check: ['tags'] },
      { method: 'POST', path: '/events/$3', body: { tags: [] }, check: ['tags'] },
      { method: 'GET', path: '/tags?per_page=50', check: ['tags'] },
    ],
  },
  {
    name: 'categories named after existing ones keep them',
    terms: true,
    steps: [
      { method: 'POST', path: '/events', body: event('First', { ...AT, categories: ['Music'] }), check: ['categories'] },
      { method: 'POST', path: '/events', body: event('Second', { ...AT, categories: ['Music', 'music', 'Film'] }), check: ['categories'] },
      { method: 'POST', path: '/events/$0', body: { categories: ['Film'] }, check: ['categories'] },
    ],
  },
  {
    name: 'a venue or organizer of spaces only with a description is created untitled and reused by blank names',
    steps: [
      { method: 'POST', path: '/venues', body: { venue: '   ', description: 'Big hall' }, check: ['code', 'venue', 'description'] },
      { method: 'POST', path: '/venues', body: { venue: ' ', description: 'Big hall' }, check: ['code', 'venue', 'description'] },
      { method: 'POST', path: '/venues', body: { venue: '  ', description: 'Other hall' }, check: ['code', 'venue', 'description'] },
      { method: 'POST', path: '/venues', body: { venue: '  ', city: 'Lyon' }, check: ['code', 'venue', 'description', 'city'] },
      { method: 'POST', path: '/venues', body: { venue: '', description: 'Big hall' }, check: ['code', 'data'] },
      { method: 'POST', path: '/organizers', body: { organizer: ' ', description: 'Org' }, check: ['code', 'organizer', 'description'] },
      { method: 'POST', path: '/organizers', body: { organizer: '   ', phone: '12' }, check: ['code', 'organizer', 'description', 'phone'] },
      { method: 'POST', path: '/events', body: event('Inline', { ...AT, venue: { venue: '  ', description: 'Inline hall' }, organizer: [{ organizer: ' ', description: 'Inline org' }] }), check: ['code'] },
      { method: 'POST', path: '/events', body: event('Inline again', { ...AT, venue: { venue: ' ' }, organizer: [{ organizer: '  ' }] }), check: ['code'] },
    ],
  },
  {
    name: 'titles are trimmed and names found again with trailing spaces',
    steps: [
      { method: 'POST', path: '/venues', body: { venue: ' Hall  ' }, check: ['venue', 'slug'] },
      { method: 'POST', path: '/venues', body: { venue: 'Hall   ' }, check: ['venue', 'slug'] },
      { method: 'POST', path: '/venues', body: { venue: ' Hall' }, check: ['venue', 'slug'] },
      { method: 'POST', path: '/organizers', body: { organizer: '\tOrg\n' }, check: ['organizer', 'slug'] },
      { method: 'POST', path: '/organizers', body: { organizer: 'Org\t' }, check: ['organizer', 'slug'] },
      { method: 'POST', path: '/events', body: event('  Spaced  ', AT), check: ['title', 'slug'] },
      { method: 'POST', path: '/events/$5', body: { title: ' Renamed ' }, check: ['title', 'slug'] },
    ],
  },
  {
    name: 'the modified fields of a venue write that names stateprovince',
    steps: [
      { method: 'POST', path: '/venues', body: { venue: 'Hall', city: 'Lyon', stateprovince: 'Rhone', country: 'France', zip: '69001' }, check: ['venue'] },
      { method: 'POST', path: '/venues/$0', body: { stateprovince: 'Ain', url: 'https://example.com' }, check: ['venue'] },
      { method: 'POST', path: '/venues', body: { venue: 'Other', state: 'NY', stateprovince: 'Ontario', url: 'https://example.org' }, check: ['venue'] },
    ],
  },
];
