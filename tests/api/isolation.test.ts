import { useTestApp } from '../support/test-app';
import { updateOption } from '../../src/wp/options';

describe('no hidden global state', () => {
  const a = useTestApp({ prefix: 'a_' });
  const b = useTestApp({ prefix: 'b_', siteUrl: 'https://b.example' });
  const rewritten = useTestApp();
  const july = useTestApp({ clock: () => new Date('2025-07-01T12:00:00Z') });

  it('runs two apps on two databases in one process without either seeing the other', async () => {
    await updateOption(a.wp, 'blogname', 'Site A');
    await updateOption(b.wp, 'blogname', 'Site B');
    const [ra, rb] = await Promise.all([a.request.get('/wp-json/'), b.request.get('/wp-json/')]);
    expect(ra.body).toMatchObject({ name: 'Site A', home: 'http://calendar.test' });
    expect(rb.body).toMatchObject({ name: 'Site B', home: 'https://b.example' });
    expect(rb.headers.link).toBe('<https://b.example/wp-json/>; rel="https://api.w.org/"');
  });

  it('reads options written by another program at once (no cache)', async () => {
    const t = rewritten;
    expect((await t.request.get('/wp-json/')).body.name).toBe('Events Calendar');
    await t.testDb.db.knex('wp_options').where({ option_name: 'blogname' }).update({ option_value: 'Renamed in WordPress' });
    await t.testDb.db.knex('wp_options').where({ option_name: 'timezone_string' }).update({ option_value: '' });
    await t.testDb.db.knex('wp_options').where({ option_name: 'gmt_offset' }).update({ option_value: '5.5' });
    const res = await t.request.get('/wp-json/');
    expect(res.body).toMatchObject({ name: 'Renamed in WordPress', timezone_string: '', gmt_offset: '5.5' });
  });

  it('reports gmt_offset as a number derived from timezone_string', async () => {
    const t = july;
    await updateOption(t.wp, 'timezone_string', 'America/New_York');
    expect((await t.request.get('/wp-json/')).body.gmt_offset).toBe(-4);
    await updateOption(t.wp, 'timezone_string', 'Asia/Kolkata');
    expect((await t.request.get('/wp-json/')).body.gmt_offset).toBe(5.5);
  });
});
