import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useCallers, useTestApp } from '../../support/test-app';
import { uploadBytes } from '../../support/wp-v2-answers';
import { WP_V2_API } from '../../support/rest-paths';

/**
 * The refusals of `POST /wp/v2/media` beyond the recorded ones (checked against WordPress 7.0.4, docs/compat/wp-v2.md
 * §6), each leaving no attachment row and no file; the update and delete rights of each role on another's attachment.
 */

const uploadsDir = mkdtempSync(join(tmpdir(), 'wp-v2-media-errors-'));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const t = useTestApp({ clock: () => new Date('2026-11-27T09:00:00Z'), media: { uploadsDir, timeoutMs: 1000, maxBytes: 1_000_000, allow: [] } });
const callers = useCallers(t);
const MEDIA = `${WP_V2_API}/media`;
const POSTER = uploadBytes('poster.jpg');

const attachments = async () => Number((await t.wp.knex(`${t.prefix}posts`).where({ post_type: 'attachment' }).count({ n: '*' }))[0]!.n);
const files = (): string[] => readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);

const raw = (type: string | undefined, disposition: string | undefined, body: Buffer | string, query = '') => {
  let req = t.request.post(`${MEDIA}${query}`).set('Authorization', callers.administrator.authorization);
  if (type) req = req.set('Content-Type', type);
  if (disposition) req = req.set('Content-Disposition', disposition);
  return req.send(body);
};

const upload = (role: keyof typeof callers, query = '') =>
  t.request.post(`${MEDIA}${query}`).set('Authorization', callers[role].authorization).set('Content-Type', 'image/jpeg').set('Content-Disposition', 'attachment; filename=poster.jpg').send(POSTER);

const error = (code: string, message: string, status: number) => ({ code, message, data: { status } });
const NOT_ALLOWED = 'Sorry, you are not allowed to upload this file type.';

describe('refused uploads write nothing', () => {
  const cases: Array<[string, () => ReturnType<typeof raw>, number, ReturnType<typeof error>]> = [
    ['a body without Content-Type', () => raw(undefined, 'attachment; filename=poster.jpg', POSTER), 400, error('rest_upload_no_content_type', 'No Content-Type supplied.', 400)],
    ['a type WordPress does not allow', () => raw('application/octet-stream', 'attachment; filename=x.exe', 'MZ'), 500, error('rest_upload_sideload_error', NOT_ALLOWED, 500)],
    ['a text named as an image', () => raw('image/jpeg', 'attachment; filename=fake.jpg', 'Plain text'), 500, error('rest_upload_sideload_error', NOT_ALLOWED, 500)],
    ['a name without extension', () => raw('text/plain', 'attachment; filename=noext', 'Plain text'), 500, error('rest_upload_sideload_error', NOT_ALLOWED, 500)],
    [
      'a multipart body without a `file` part',
      () => t.request.post(MEDIA).set('Authorization', callers.administrator.authorization).attach('other', POSTER, 'poster.jpg'),
      500,
      error('rest_upload_unknown_error', 'Specified file failed upload test.', 500),
    ],
    [
      'a multipart file of a type WordPress does not allow',
      () => t.request.post(MEDIA).set('Authorization', callers.administrator.authorization).attach('file', Buffer.from('MZ'), 'x.exe'),
      500,
      error('rest_upload_unknown_error', NOT_ALLOWED, 500),
    ],
    [
      'an empty multipart file',
      () => t.request.post(MEDIA).set('Authorization', callers.administrator.authorization).attach('file', Buffer.alloc(0), 'empty.txt'),
      500,
      error(
        'rest_upload_unknown_error',
        'File is empty. Please upload something more substantial. This error could also be caused by uploads being disabled in your php.ini file or by post_max_size being defined as smaller than upload_max_filesize in php.ini.',
        500,
      ),
    ],
    ['a parent that does not exist', () => upload('administrator', '?post=99999'), 403, error('rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.', 403)],
  ];

  it.each(cases)('%s', async (_name, send, status, body) => {
    const res = await send();
    expect([res.status, res.body]).toEqual([status, body]);
    expect(await attachments()).toBe(0);
    expect(files()).toEqual([]);
  });

  it('an attachment as parent', async () => {
    const first = await upload('administrator');
    expect(first.status).toBe(201);
    const before = files();
    const res = await upload('administrator', `?post=${first.body.id}`);
    expect([res.status, res.body]).toEqual([400, error('rest_invalid_param', 'Invalid parent type.', 400)]);
    expect(await attachments()).toBe(1);
    expect(files()).toEqual(before);
    expect((await t.request.delete(`${MEDIA}/${first.body.id}?force=true`).set('Authorization', callers.administrator.authorization)).status).toBe(200);
    expect(files()).toEqual([]);
  });

  it("an author attaching to an editor's post", async () => {
    const post = await t.request.post(`${WP_V2_API}/tribe_events`).set('Authorization', callers.editor.authorization).send({ title: 'Editor event', status: 'publish' });
    expect(post.status).toBe(201);
    const res = await upload('author', `?post=${post.body.id}`);
    expect([res.status, res.body]).toEqual([403, error('rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.', 403)]);
    expect(await attachments()).toBe(0);
  });
});

describe("each role on another's attachment", () => {
  let id: number;
  beforeAll(async () => {
    const res = await upload('author');
    expect(res.status).toBe(201);
    id = res.body.id;
  });

  it.each([
    ['contributor', 403],
    ['editor', 200],
    ['administrator', 200],
  ] as const)('%s updates it: %i', async (role, status) => {
    const res = await t.request.post(`${MEDIA}/${id}`).set('Authorization', callers[role].authorization).send({ alt_text: `By ${role}` });
    expect(res.status).toBe(status);
    const alt = await t.wp.knex(`${t.prefix}postmeta`).where({ post_id: id, meta_key: '_wp_attachment_image_alt' }).first();
    if (status === 200) expect([res.body.alt_text, alt?.meta_value]).toEqual([`By ${role}`, `By ${role}`]);
    else expect(res.body).toEqual(error('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', 403));
  });

  it('an update keeps `private` and makes any other status `inherit`, as WordPress stores an attachment', async () => {
    const statuses = [];
    for (const status of ['private', 'publish', 'draft']) {
      const res = await t.request.post(`${MEDIA}/${id}`).set('Authorization', callers.editor.authorization).send({ status });
      const row = await t.wp.knex(`${t.prefix}posts`).where({ ID: id }).first();
      statuses.push([res.status, res.body.status, row.post_status]);
    }
    expect(statuses).toEqual([
      [200, 'private', 'private'],
      [200, 'inherit', 'inherit'],
      [200, 'inherit', 'inherit'],
    ]);
  });

  it('an update takes a zoned date as WordPress does (site time UTC) and a new title, caption and description', async () => {
    const res = await t.request.put(`${MEDIA}/${id}`).set('Authorization', callers.editor.authorization).send({ date: '2026-03-01T10:00:00+02:00', title: 'Poster', caption: 'Cap', description: 'Desc' });
    expect(res.status).toBe(200);
    const row = await t.wp.knex(`${t.prefix}posts`).where({ ID: id }).first();
    expect([row.post_date, row.post_date_gmt, row.post_title, row.post_excerpt, row.post_content]).toEqual(['2026-03-01 08:00:00', '2026-03-01 08:00:00', 'Poster', 'Cap', 'Desc']);
    expect([res.body.date, res.body.caption.raw, res.body.description.raw]).toEqual(['2026-03-01T08:00:00', 'Cap', 'Desc']);
  });

  it('a contributor cannot delete it, an editor deletes it with its files', async () => {
    const refused = await t.request.delete(`${MEDIA}/${id}?force=true`).set('Authorization', callers.contributor.authorization);
    expect([refused.status, refused.body]).toEqual([403, error('rest_cannot_delete', 'Sorry, you are not allowed to delete this post.', 403)]);
    const notForced = await t.request.delete(`${MEDIA}/${id}`).set('Authorization', callers.editor.authorization);
    expect([notForced.status, notForced.body]).toEqual([501, error('rest_trash_not_supported', "The post does not support trashing. Set 'force=true' to delete.", 501)]);
    expect(files()).toHaveLength(5);
    const res = await t.request.delete(`${MEDIA}/${id}?force=true`).set('Authorization', callers.editor.authorization);
    expect([res.status, res.body.deleted, res.body.previous.id]).toEqual([200, true, id]);
    expect(await attachments()).toBe(0);
    expect(Number((await t.wp.knex(`${t.prefix}postmeta`).where({ post_id: id }).count({ n: '*' }))[0]!.n)).toBe(0);
    expect(files()).toEqual([]);
  });
});

describe('without an uploads folder', () => {
  const bare = useTestApp({ clock: () => new Date('2026-11-27T09:00:00Z') });
  const bareCallers = useCallers(bare);
  it('an upload is refused as an unwritable folder is, and writes nothing', async () => {
    const res = await bare.request.post(MEDIA).set('Authorization', bareCallers.administrator.authorization).set('Content-Type', 'image/jpeg').set('Content-Disposition', 'attachment; filename=poster.jpg').send(POSTER);
    expect([res.status, res.body]).toEqual([500, error('rest_upload_sideload_error', 'Unable to create directory wp-content/uploads/2026/11. Is its parent directory writable by the server?', 500)]);
    expect(Number((await bare.wp.knex(`${bare.prefix}posts`).where({ post_type: 'attachment' }).count({ n: '*' }))[0]!.n)).toBe(0);
  });
});
