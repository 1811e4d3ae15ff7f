import { decodeHTML } from 'entities';
import type { WriteStep } from '../plugin-writes/scenarios';

/**
 * What WordPress and the plugin store of markup, entities, protocols and backslashes, for each role: every payload
 * goes into every text field of an event (inline venue and organizer included), then of a venue and an organizer
 * of their own, then into the updates of all three (the event's with another inline venue). Recorded from the real plugin by scripts/record-kses.ts into
 * tests/fixtures/plugin/kses-<role>.json and replayed against the service by kses-matrix.test.ts.
 *
 * `$N` stands for the id the N-th step answered (see scenarios.ts). Every scenario starts on an empty calendar.
 */

export const KSES_ROLES = ['contributor', 'author', 'editor', 'administrator'] as const;
export type KsesRole = (typeof KSES_ROLES)[number];

export interface Payload {
  name: string;
  /** What goes into the text fields. */
  text: string;
  /** What goes into the URL fields (website); by default a plain URL (the plugin refuses most text as a URL). */
  url?: string;
}

export const PAYLOADS: Payload[] = [
  { name: 'the reported script, handlers and javascript: link', text: 'x <script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">l</a><iframe src="//e"></iframe>' },
  { name: 'allowed inline tags', text: '<b>b</b> <i>i</i> <strong>s</strong> <em>e</em> <code>c</code> <abbr title="t">a</abbr> <q cite="http://c.example/">q</q> <del datetime="2020">d</del>' },
  { name: 'links with allowed and refused attributes', text: '<a href="http://ok.example/" title="t" target="_blank" rel="noopener" class="c" onclick="x()" id="i">a</a>' },
  { name: 'javascript: in cases, entities and whitespace', text: '<a href="JaVaScRiPt:alert(1)">a</a><a href="java&#x09;script:alert(2)">b</a><a href="&#106;avascript:alert(3)">c</a><a href="javascript&colon;alert(4)">d</a><a href=" javascript:alert(5)">e</a><a href="feed:javascript:alert(6)">f</a><a href="javascript&#58alert(7)">g</a>' },
  { name: 'other schemes', text: '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a><img src="vbscript:x"><a href="mailto:a@b.example">m</a><a href="tel:123">t</a><a href="/rel?x=1&y=2">r</a><a href="#frag">h</a>' },
  { name: 'style attributes', text: '<p style="color:red;background:url(javascript:alert(1));position:fixed">s</p><span style="expression(alert(1))">t</span><div style="width: calc(10px + 2em); --x: 1; margin:0 auto">u</div><span style="color:red;behavior:url(x)">v</span><span style="background-image:url(\'http://i.example/a.png\')">w</span>' },
  { name: 'nested and broken tags', text: '<<script>script>alert(1)<</script>/script> <scr<script>ipt>x</scr</script>ipt> <b <i>y</i> <a href="x>y">z</a> <img src="x" onerror="a" /' },
  { name: 'comments, declarations and bogus closers', text: 'a<!-- c --><!-- <script>x</script> -->b<!--- d --->c<!x>d<!DOCTYPE html>e</ 3>f</3 nope>g<?php echo 1; ?>h' },
  { name: 'entities', text: '&amp; &lt;b&gt;x&lt;/b&gt; &copy; &hellip; &apos; &nosuch; &#0; &#65; &#x41; &#128; &#150; &#xD800; &#99999999; AT&T &' },
  { name: 'a lone less-than and greater-than', text: 'a < b and 1<2 or c>d, x <' },
  { name: 'less-than at the end', text: 'ends with <' },
  { name: 'backslashes', text: 'a\\b c\\\\d \\"q\\" e\\\'f g\\0h \\\\0 \\' },
  { name: 'quotes', text: '"double" \'single\' `back` <a title=\'x"y\' href=x>q</a> <b title="a\'b">r</b>' },
  { name: 'upper-case tags and attributes', text: '<B>x</B><A HREF="http://e.example/" TITLE=t>y</A><IMG SRC=x ALT=a><Script>z</Script>' },
  { name: 'global attributes and data-*', text: '<div data-x="1" data-Bad_x="2" data-ü="3" aria-label="l" class="c" id="i" role="r" dir="rtl" lang="en" title="t" hidden onmouseover="x">d</div>' },
  { name: 'form elements', text: '<form action="x"><input type="text" value="v"><select><option>o</option></select><button type="submit">b</button><textarea>t</textarea></form>' },
  { name: 'svg, math, style, link, meta, object', text: '<svg onload=alert(1)><circle/></svg><math><mi>x</mi></math><style>body{}</style><link rel=stylesheet href=x><meta http-equiv=refresh content=0><object data=x></object><embed src=x><base href=x>' },
  { name: 'non-ASCII text', text: 'ñ café 日本 😀 – “quoted”' },
  { name: 'percent octets and whitespace', text: 'a%20b %zz 100%\n\ttab   spaces\r\n\r\nnew paragraph' },
  { name: 'block markup with attributes', text: '<!-- wp:paragraph {"x":"<script>y</script>","c":"a--b"} --><p>b</p><!-- /wp:paragraph -->' },
  { name: 'images and media', text: '<img src="http://e.example/a.png" width="10" height="20" alt="a" loading="lazy" srcset="x 1x" onload="y"><video src="v.mp4" autoplay controls></video><audio src="javascript:a"></audio>' },
  { name: 'tables and lists', text: '<table border="1"><tr><td colspan="2" onclick=x>t</td></tr></table><ul><li>l</li></ul><ol start="3" type="a"><li value="4">m</li></ol>' },
  { name: 'repeated and unquoted attributes', text: '<a href=\'x\' href="y" title=a title=b>dup</a><b title="a"title="b">c</b><a href = "sp" >s</a>' },
  { name: 'nothing left after filtering', text: '<script>s</script>' },
  { name: 'a bare javascript: text', text: 'javascript:alert(1)' },
  { name: 'URL with markup', text: 'u1', url: 'http://a.example/"><script>x</script>' },
  { name: 'javascript: URL (refused)', text: 'u2', url: 'javascript:alert(1)' },
  { name: 'javascript:// URL', text: 'u3', url: 'javascript://alert(1)' },
  { name: 'URL with a backslash, tags and a query', text: 'u4', url: 'HTTP://A.EXAMPLE/a\\b?q=<b>x</b>&r=1' },
  { name: 'URL with percent octets', text: 'u5', url: 'http://a.example/?q=%3Cscript%3E&r=%zz' },
  { name: 'URL with quotes', text: 'u6', url: "http://a.example/?q='onmouseover='x\"y" },
  { name: 'URL with entities', text: 'u7', url: 'http://a.example/&lt;b&gt;&amp;x' },
  { name: 'data:// URL', text: 'u8', url: 'data://text/plain,<b>x</b>' },
  { name: 'URL with punctuation', text: 'u9', url: 'http://a.example/`x`{y}|^~[]' },
];

const DATES = { start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' };

const urlOf = (p: Payload) => p.url ?? 'http://a.example/';

/** One payload in every field of every write: event (with inline linked posts), venue, organizer, their updates. */
export function ksesSteps(p: Payload): WriteStep[] {
  const t = p.text;
  const url = urlOf(p);
  const venue = (name: string) => ({ venue: name, address: t, city: t, country: t, province: t, state: t, zip: t, phone: t, website: url, description: t });
  const organizer = (name: string) => ({ organizer: name, phone: t, website: url, email: t, description: t });
  return [
    { method: 'POST', path: '/events', body: { ...DATES, title: t, description: t, excerpt: t, cost: t, website: url, venue: venue(t), organizer: [organizer(t)], categories: [t], tags: [t] } },
    { method: 'POST', path: '/venues', body: venue(`${t} (v)`) },
    { method: 'POST', path: '/organizers', body: organizer(`${t} (o)`) },
    // The update links the venue of its own inline data (created through the update's path) and the organizer by id.
    { method: 'POST', path: '/events/$0', body: { ...DATES, title: `${t} 2`, description: `${t} 2`, excerpt: `${t} 2`, cost: `${t} 2`, website: url, venue: venue(`${t} (d)`), organizer: ['$2'], categories: [`${t} 2`] } },
    { method: 'POST', path: '/venues/$1', body: { ...venue(`${t} 3`), description: `${t} 3` } },
    { method: 'POST', path: '/organizers/$2', body: { ...organizer(`${t} 3`), description: `${t} 3` } },
  ];
}

const VENUE_KEYS = ['venue', 'description', 'excerpt', 'address', 'city', 'country', 'province', 'state', 'stateprovince', 'zip', 'phone', 'website'];
const ORGANIZER_KEYS = ['organizer', 'description', 'excerpt', 'phone', 'website', 'email'];
const EVENT_KEYS = ['title', 'description', 'excerpt', 'cost', 'website'];

const pick = (o: unknown, keys: string[]): Record<string, unknown> | null => {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return null;
  const source = o as Record<string, unknown>;
  // The organizer e-mail is antispambot()-encoded at random on every request: compared decoded.
  return Object.fromEntries(keys.map((k) => [k, k === 'email' && typeof source[k] === 'string' ? decodeHTML(source[k] as string) : (source[k] ?? null)]));
};
const termNames = (list: unknown) => (Array.isArray(list) ? list.map((t: Record<string, unknown>) => ({ name: t.name, slug: t.slug })) : list ?? null);

/** What an answer shows of the payload: the text fields of the object and of its linked posts and terms, or the error. */
export function ksesAnswer(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.code === 'string') return { code: body.code, message: body.message };
  if ('organizer' in body && typeof body.organizer === 'string') return pick(body, ORGANIZER_KEYS)!;
  if ('venue' in body && typeof body.venue === 'string') return pick(body, VENUE_KEYS)!;
  return {
    ...pick(body, EVENT_KEYS),
    venue: pick(body.venue, VENUE_KEYS),
    organizer: Array.isArray(body.organizer) ? body.organizer.map((o) => pick(o, ORGANIZER_KEYS)) : null,
    categories: termNames(body.categories),
    tags: termNames(body.tags),
  };
}
