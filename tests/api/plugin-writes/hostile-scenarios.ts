import type { WriteScenario } from './scenarios';

/**
 * Hostile term names sent to the real plugin (recorded into hostile-writes.json by
 * `scripts/record-plugin-writes.ts hostile`) and replayed by edge-writes.test.ts: NUL bytes, empty and blank names,
 * keyed arrays and stray arguments, in form and JSON bodies, on the event and the term routes. Same conventions as
 * scenarios.ts.
 */

const AT = 'start_date=2030-01-01%2010:00:00&end_date=2030-01-01%2011:00:00';
const TERMS = ['tags', 'categories', 'code', 'message', 'data'];
const ERROR = ['code', 'message', 'data'];

export const HOSTILE_SCENARIOS: WriteScenario[] = [
  {
    name: 'term names that sanitize to nothing, in a form body, on an event update',
    terms: true,
    steps: [
      { method: 'POST', path: '/events', body: { title: 'Target', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' } },
      { method: 'PUT', path: '/events/$0', form: 'tags[a]=%00&parent[]=null', check: TERMS },
      { method: 'PUT', path: '/events/$0', form: 'tags[]=%00&tags[]=%20&tags[]=&tags[]=%09%0A&categories[]=%00&categories[]=%20%20', check: TERMS },
      { method: 'PUT', path: '/events/$0', form: 'tags=%00&categories=%00,%20,', check: TERMS },
      { method: 'PUT', path: '/events/$0', form: 'tags[]=a%00b&categories[]=%00Music', check: TERMS },
    ],
  },
  {
    name: 'term names that sanitize to nothing on an event create',
    terms: true,
    steps: [
      { method: 'POST', path: '/events', form: `title=Form&${AT}&tags[]=%00&tags[x]=%20&categories[]=&categories[]=%00`, check: TERMS },
      { method: 'POST', path: '/events', body: { title: 'Json', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', tags: ['\u0000', ' ', '', '\t'], categories: { a: '\u0000', b: ' ' } }, check: TERMS },
    ],
  },
  {
    name: 'term routes given names that sanitize to nothing',
    terms: true,
    steps: [
      { method: 'POST', path: '/tags', form: 'name=%00', check: ERROR },
      { method: 'POST', path: '/tags', form: 'name=%20%09', check: ERROR },
      { method: 'POST', path: '/categories', form: 'name=&parent[]=null', check: ERROR },
      { method: 'POST', path: '/categories', body: { name: '\u0000' }, check: ERROR },
    ],
  },
];
