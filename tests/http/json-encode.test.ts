import { encodeOnce, phpJsonEncode } from '../../src/http/response';

/**
 * phpJsonEncode writes json_encode()'s bytes (`\/`, `\uXXXX`); objects marked with encodeOnce (answers kept under
 * the change stamp) are written from the text kept with them, which must be the very bytes a fresh encoding gives.
 */

const event = () => ({ id: 7, title: 'Café / Bar', url: 'http://calendar.test/event/cafe/', cost: undefined, tags: [], venue: { city: 'Zürich' }, nothing: null, when: new Date('2025-07-01T19:00:00Z') });
const page = (items: object[]) => ({ events: items, rest_url: 'http://calendar.test/wp-json/tribe/events/v1/events/?page=1', total: items.length, skip: undefined });

it('writes PHP json_encode bytes: escaped slashes and non-ASCII, undefined members left out, null in lists', () => {
  expect(phpJsonEncode({ a: 'x/y', b: 'é€😀', c: undefined, d: [undefined, () => 1, 1] })).toBe('{"a":"x\\/y","b":"\\u00e9\\u20ac\\ud83d\\ude00","d":[null,null,1]}');
  expect(phpJsonEncode(undefined)).toBe('null');
});

it('an object marked unchanging is written exactly as a fresh one, at every depth the writer looks, and again the same', () => {
  const fresh = page([event(), event()]);
  const kept = page([event(), event()]);
  kept.events.forEach(encodeOnce);
  const expected = phpJsonEncode(fresh);
  expect(expected).toBe(JSON.stringify(fresh).replaceAll('/', '\\/').replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  expect(phpJsonEncode(kept)).toBe(expected);
  expect(phpJsonEncode(kept)).toBe(expected);
  // Inside an `_envelope` and as a bare list; pretty-printed, as a fresh one.
  expect(phpJsonEncode({ body: kept, status: 200, headers: [] })).toBe(phpJsonEncode({ body: fresh, status: 200, headers: [] }));
  expect(phpJsonEncode(kept.events)).toBe(phpJsonEncode(fresh.events));
  expect(phpJsonEncode(kept, true)).toBe(phpJsonEncode(fresh, true));
  // A whole marked list, and an object without a prototype.
  const list = [event()];
  encodeOnce(list);
  expect(phpJsonEncode({ events: list })).toBe(phpJsonEncode({ events: [event()] }));
  const bare = Object.assign(Object.create(null), { a: '/' });
  expect(phpJsonEncode({ x: bare })).toBe('{"x":{"a":"\\/"}}');
});
