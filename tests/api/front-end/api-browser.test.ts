import { useTestApp } from '../../support/test-app';

/** The browsable documentation at /api-docs/: Swagger UI from the installed package, pointed at both /doc routes. */

const t = useTestApp();

it('redirects /api-docs to /api-docs/ so the page can load its assets relatively', async () => {
  const res = await t.request.get('/api-docs');
  expect(res.status).toBe(301);
  expect(res.headers.location).toBe('/api-docs/');
});

it('serves the page and every asset it loads from the local package, with no external URL', async () => {
  const page = await t.request.get('/api-docs/');
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//);
  const assets = [...page.text.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!);
  expect(assets).toEqual(expect.arrayContaining(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-initializer.js']));
  for (const asset of assets) {
    const res = await t.request.get(`/api-docs/${asset}`);
    expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
  }
  expect((await t.request.get('/api-docs/swagger-ui-bundle.js')).headers['content-type']).toMatch(/javascript/);
});

it('points Swagger UI at the /doc of both namespaces, through URLs that resolve from the page', async () => {
  const script = (await t.request.get('/api-docs/swagger-initializer.js')).text;
  const urls = JSON.parse(/urls: (\[.*\]),/.exec(script)![1]!) as Array<{ name: string; url: string }>;
  expect(urls.map((u) => u.name)).toEqual(['calendar/events/v1', 'tribe/events/v1']);
  for (const { url } of urls) {
    const resolved = new URL(url, 'http://calendar.test/api-docs/');
    const res = await t.request.get(resolved.pathname);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.0.0');
  }
});
