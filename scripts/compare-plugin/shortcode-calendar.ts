import type mysql from 'mysql2/promise';
import sharp from 'sharp';
import { call, type Side } from './http';

/**
 * A calendar whose content uses WordPress's core shortcodes, written through the plugin on a site with no theme (as
 * the service renders them): media uploaded through WordPress's own REST API (two images it cuts into sizes, an MP3
 * and an MP4, some attached to nothing), events, a venue and an organizer whose descriptions hold caption, gallery,
 * playlist, audio, video and embed shortcodes, bare URLs, images and unknown tags. Shared by record-shortcodes.ts and
 * the comparison (run.ts).
 */

export interface ShortcodeCalendar {
  events: number[];
  venue: number;
  organizer: number;
  media: { landscape: number; small: number; song: number; clip: number };
}

async function upload(side: Side, name: string, type: string, body: Buffer): Promise<number> {
  const res = await fetch(`${side.base}/wp-json/wp/v2/media`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(side.auth.admin!).toString('base64')}`, 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
    body,
  });
  if (res.status !== 201) throw new Error(`upload ${name} → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** The contents, `{landscape}` and the like standing for the uploads' ids and `{uploads}` for their folder's URL. */
export const SHORTCODE_CONTENTS = [
  'Intro\n\n[caption id="attachment_{landscape}" align="alignleft" width="300"]<img class="wp-image-{landscape} size-medium" src="{uploads}/landscape-300x225.png" alt="" width="300" height="225" /> A <em>captioned</em> hall[/caption]\n\nAfter.',
  '[caption id="x_1" caption="Attribute <b>caption</b>" width="200"]<img src="http://img.example/b.png" />[/caption]',
  '[caption]<img src="http://img.example/c.png" alt="c"> No width[/caption]',
  '[wp_caption width="150" class="extra"]<a href="http://img.example"><img src="http://img.example/d.png" width="150" height="100"></a> Linked "quotes"[/wp_caption]',
  '[gallery ids="{landscape},{small}"]',
  'Before\n\n[gallery ids="{small},{landscape}" columns="1" size="medium" link="file"]\n\nAfter',
  '[gallery ids="{landscape},{small}" link="none" orderby="title" order="DESC"]',
  '[gallery]',
  '[gallery exclude="{small}" columns="2"]',
  '[gallery ids="{song}"]',
  '[playlist ids="{song}"]',
  '[playlist ids="{clip}" type="video" style="dark" tracknumbers="false"]',
  '[playlist]',
  '[audio src="http://media.example/a.mp3"]',
  '[audio src="http://media.example/b.ogg" loop="on" autoplay="1" preload="auto"]',
  '[audio src="http://media.example/c.mp3?x=1&y=2"]',
  '[audio mp3="http://media.example/d.mp3" wav="http://media.example/d.wav"]',
  '[audio]',
  '[audio src="http://media.example/notes.txt"]',
  'Two players: [audio src="http://media.example/1.mp3"] and [audio src="http://media.example/2.mp3"]',
  '[video src="http://media.example/a.mp4"]',
  '[video src="http://media.example/b.webm" width="320" height="240" poster="http://media.example/p.jpg" muted="true"]',
  '[video src="https://www.youtube.com/watch?v=abc123&feature=share"]',
  '[video src="https://vimeo.com/12345" loop="1"]',
  '[video mp4="http://media.example/c.mp4"]<track kind="captions" src="http://media.example/c.vtt">\n</track>[/video]',
  '[video]',
  '[embed]https://example.com/page[/embed]',
  '[embed width="400" height="300"]http://media.example/e.mp4[/embed]',
  '[embed]http://media.example/e.mp3[/embed]',
  '[embed]https://www.youtube.com/embed/xyz789[/embed]',
  '[embed]https://www.youtube.com/watch?v=abc123&amp;t=5[/embed]',
  'A line\n\nhttps://example.com/bare\n\nhttp://media.example/bare.mp3\n\nhttps://www.youtube.com/watch?v=abc123\n\nEnd',
  '<p>https://example.com/in-paragraph</p>\n<p>http://media.example/p.mp4</p>',
  'Unknown [foo] and [foo a="1"]x[/foo], escaped [[caption]] and [[gallery ids="1"]], TEC\'s [tribe:event-details], a broken [caption',
  'An image <img src="http://img.example/p.png" width="10" height="10"> and one without size <img src="http://img.example/q.png"> and a frame <iframe src="https://frame.example/" width="100" height="50"></iframe>',
  '<img class="alignnone wp-image-{landscape} size-medium" src="{uploads}/landscape-300x225.png" alt="" /> and the full one <img class="wp-image-{landscape}" src="{uploads}/landscape.png">',
  '<!-- wp:paragraph -->\n<p>Block text</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:shortcode -->\n[audio src="http://media.example/block.mp3"]\n<!-- /wp:shortcode -->',
  '<a title="[audio src=&quot;http://media.example/attr.mp3&quot;]" href="[gallery]">attributes</a> [embed]<b>not a URL</b>[/embed]',
];

export const SHORTCODE_EXCERPT = 'An excerpt with [audio src="http://media.example/x.mp3"] and <img src="http://img.example/e.png" width="5" height="5"> <h2>heading</h2>';

const fill = (text: string, ids: Record<string, number>, uploads: string) => text.replace(/\{(\w+)\}/g, (m, name: string) => (name === 'uploads' ? uploads : String(ids[name] ?? m)));

export async function writeShortcodeCalendar(plugin: Side, db: mysql.Connection): Promise<ShortcodeCalendar> {
  // No theme, as the service renders: WordPress then writes captions and galleries without HTML5 markup.
  await db.query("UPDATE wp_options SET option_value = '' WHERE option_name IN ('template', 'stylesheet')");
  const image = (width: number, height: number, color: string) => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const media = {
    landscape: await upload(plugin, 'landscape.png', 'image/png', await image(400, 300, '#3366aa')),
    small: await upload(plugin, 'small.png', 'image/png', await image(40, 30, '#aa3366')),
    song: await upload(plugin, 'song.mp3', 'audio/mpeg', Buffer.concat(Array.from({ length: 20 }, () => frame))),
    clip: await upload(plugin, 'clip.mp4', 'video/mp4', Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex')),
  };
  await db.query('UPDATE wp_posts SET post_excerpt = ? WHERE ID = ?', ['A <em>caption</em> of the landscape', media.landscape]);
  const [[{ url }]] = (await db.query("SELECT CONCAT(option_value, '/wp-content/uploads') AS url FROM wp_options WHERE option_name = 'siteurl'")) as any;
  const [[{ file }]] = (await db.query("SELECT meta_value AS file FROM wp_postmeta WHERE post_id = ? AND meta_key = '_wp_attached_file'", [media.landscape])) as any;
  const uploads = `${url}/${String(file).replace(/[^/]+$/, '').replace(/\/$/, '')}`;
  const post = (path: string, body: unknown) => call(plugin, 'admin', 'POST', `/tribe/events/v1${path}`, body);
  const venue = (await post('/venues', { venue: 'Shortcode Hall', description: 'Venue [audio src="http://media.example/venue.mp3"] [gallery ids="{small}"]'.replace('{small}', String(media.small)) })).id as number;
  const organizer = (await post('/organizers', { organizer: 'Shortcode Org', description: 'Organizer [video src="http://media.example/org.mp4"]' })).id as number;
  const events: number[] = [];
  for (const [i, content] of SHORTCODE_CONTENTS.entries()) {
    const body: Record<string, unknown> = { title: `Shortcodes ${i}`, description: fill(content, media, uploads), start_date: `2030-02-${String(1 + (i % 27)).padStart(2, '0')} 10:00:00`, end_date: `2030-02-${String(1 + (i % 27)).padStart(2, '0')} 11:00:00` };
    if (i === 13) Object.assign(body, { venue, organizer: [organizer], excerpt: SHORTCODE_EXCERPT });
    events.push((await post('/events', body)).id);
  }
  return { events, venue, organizer, media };
}
