import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useTestAppOnPluginRows, type RowsFixture } from '../../support/plugin-answers';

/**
 * WordPress's core shortcodes as The Events Calendar 6.17.2 answers them on a site with no theme
 * (tests/fixtures/plugin/shortcodes.json, recorded by scripts/compare-plugin/record-shortcodes.ts): caption, gallery,
 * playlist, audio, video and embed in descriptions, bare URLs, images completed by the content filter, unknown and
 * escaped tags left as written, and the JSON-LD description built from the same content. The service, on the same
 * rows, must answer the very same bytes; the list checks the per-request counters run through a page.
 */

interface ShortcodeFixture extends RowsFixture {
  answers: Array<{ path: string; status: number; body: string }>;
}

const fixture = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/plugin/shortcodes.json'), 'utf8')) as ShortcodeFixture;

const t = useTestAppOnPluginRows(fixture);

it('covers every core shortcode, unknown tags and a page of them', () => {
  const bodies = fixture.answers.map((a) => a.body).join('\n');
  for (const marker of ['wp-caption', 'gallery-item', 'wp-playlist', 'wp-audio-shortcode', 'wp-video', '[foo]', 'loading=\\"lazy\\"', 'srcset']) expect(bodies).toContain(marker);
  expect(fixture.answers.at(-1)!.path).toContain('/events?');
});

/** What a shortcode changes: the rendered description and excerpt, and the JSON-LD description. */
function rendered(body: string): unknown {
  const data = JSON.parse(body) as Record<string, any>;
  const pick = (o: Record<string, any>) => ({ id: o.id, description: o.description, excerpt: o.excerpt, json_ld: o.json_ld?.description ?? null });
  if (Array.isArray(data.events)) return data.events.map(pick);
  return { ...pick(data), venue: data.venue && typeof data.venue === 'object' && !Array.isArray(data.venue) ? pick(data.venue) : null, organizer: Array.isArray(data.organizer) ? data.organizer.map(pick) : null };
}

it.each(fixture.answers.map((a) => [a.path, a] as const))('%s', async (path, answer) => {
  const res = await t.request.get(`/wp-json${path}`);
  expect(res.status).toBe(answer.status);
  expect(rendered(res.text)).toEqual(rendered(answer.body));
  // Nothing else of the answer depends on the shortcodes: it is the plugin's, byte for byte.
  expect(res.text).toBe(answer.body);
});
