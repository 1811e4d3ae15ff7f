import { writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Drives a build of The Events Calendar's MCP server (github.com/the-events-calendar/mcp-server, built outside this
 * project; docs/compat/clients.md says how) through the MCP SDK that build installed, with a logging HTTP proxy
 * between the server and a WordPress site (the plugin or this service): every tool call is listed with the HTTP
 * requests it made and their statuses, and whether the tool reported an error.
 *
 *   MCP_DIR=/tmp/mcp-4fcf794 UPSTREAM=http://127.0.0.1:8090 WP_USERNAME=apiadmin WP_APP_PASSWORD=… \
 *     PROXY_PORT=8190 OUT=/tmp/mcp-calls.json npx tsx scripts/drive-mcp-server.ts
 *
 * The calls write to the site (an event, a venue and an organizer created, updated, trashed and deleted).
 */

interface Seen {
  method: string;
  path: string;
  eea: boolean;
  body?: unknown;
  status?: number;
}

const dir = resolve(process.env.MCP_DIR ?? '/tmp/mcp-4fcf794');
const upstream = new URL(process.env.UPSTREAM ?? 'http://127.0.0.1:8090');
const port = Number(process.env.PROXY_PORT ?? 8190);
let seen: Seen[] = [];

const readBody = (req: IncomingMessage) => new Promise<Buffer>((ok) => {
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c));
  req.on('end', () => ok(Buffer.concat(parts)));
});

const proxy = createServer(async (req, res) => {
  const body = await readBody(req);
  const entry: Seen = { method: req.method ?? 'GET', path: req.url ?? '', eea: Boolean(req.headers['x-tec-eea']) };
  if (body.length) entry.body = (() => { try { return JSON.parse(body.toString()); } catch { return body.toString(); } })();
  seen.push(entry);
  const headers = { ...req.headers, host: upstream.host };
  const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (up) => {
    entry.status = up.statusCode;
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  out.on('error', (e) => { res.writeHead(502); res.end(String(e)); });
  out.end(body);
});

type ToolCall = { name: string; arguments: Record<string, unknown> };

async function main(): Promise<void> {
  await new Promise<void>((ok) => proxy.listen(port, '127.0.0.1', ok));
  const sdk = `${dir}/node_modules/@modelcontextprotocol/sdk/dist/esm/client`;
  const { Client } = await import(pathToFileURL(`${sdk}/index.js`).href);
  const { StdioClientTransport } = await import(pathToFileURL(`${sdk}/stdio.js`).href);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [`${dir}/dist/index.js`],
    env: { PATH: process.env.PATH ?? '', WP_URL: `http://127.0.0.1:${port}`, WP_USERNAME: process.env.WP_USERNAME ?? '', WP_APP_PASSWORD: process.env.WP_APP_PASSWORD ?? '', LOG_LEVEL: 'error' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'calendar-compat-driver', version: '1.0.0' });
  const record: Array<{ call: ToolCall | string; requests: Seen[]; isError?: boolean; text?: string }> = [];
  try {
    await client.connect(transport);
  } catch (error) {
    record.push({ call: 'start-up', requests: seen, isError: true, text: String(error) });
    finish(record);
    return;
  }
  record.push({ call: 'start-up', requests: seen });
  seen = [];
  const tools = (await client.listTools()).tools.map((t: { name: string }) => t.name);
  record.push({ call: `tools/list: ${tools.join(', ')}`, requests: seen });
  const call = async (name: string, args: Record<string, unknown>) => {
    seen = [];
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');
    record.push({ call: { name, arguments: args }, requests: seen, isError: Boolean(result.isError), text: text.slice(0, 400) });
    return text;
  };
  const idOf = (text: string) => Number(/"id":\s*(\d+)/.exec(text)?.[1] ?? 0);
  const write = 'tec-calendar-create-update-entities';
  const read = 'tec-calendar-read-entities';
  const del = 'tec-calendar-delete-entities';
  // The last tribe/events/v1 version (c555856) has a date tool and the older event body (venue, organizer).
  const legacy = tools.includes('tec-calendar-current-datetime');
  if (legacy) await call('tec-calendar-current-datetime', {});
  const venue = idOf(await call(write, { postType: 'venue', data: { title: 'MCP Hall', address: '1 Road', city: 'Springfield', country: 'United States' } }));
  const organizer = idOf(await call(write, { postType: 'organizer', data: { title: 'MCP Org', email: 'mcp@example.com' } }));
  const event = idOf(await call(write, { postType: 'event', data: { title: 'MCP Concert', start_date: '2030-05-01 20:00:00', end_date: '2030-05-01 22:00:00', ...(legacy ? { venue, organizer: [organizer] } : { venues: [venue], organizers: [organizer] }) } }));
  await call(write, { postType: 'event', data: { title: 'MCP All Day', start_date: '2030-05-02 00:00:00', end_date: '2030-05-02 23:59:59', all_day: true } });
  await call(read, { postType: 'event' });
  await call(read, { postType: 'event', id: event });
  await call(read, { postType: 'event', query: 'Concert', per_page: 5, page: 1 });
  await call(read, { postType: 'event', order: 'asc', orderby: 'title' });
  await call(read, { postType: 'event', status: ['publish', 'draft'] });
  await call(read, { postType: 'event', eventFilters: { start_date: '2030-01-01', end_date: '2030-12-31', venue, organizer, featured: true } });
  await call(read, { postType: 'event', eventFilters: { categories: [1, 2], tags: [3] } });
  await call(read, { postType: 'venue' });
  await call(read, { postType: 'venue', id: venue });
  await call(read, { postType: 'venue', query: 'MCP', venueFilters: { city: 'Springfield' } });
  await call(read, { postType: 'organizer' });
  await call(read, { postType: 'organizer', id: organizer });
  await call(write, { postType: 'event', id: event, data: { title: 'MCP Concert (moved)', start_date: '2030-05-03 20:00:00', end_date: '2030-05-03 22:00:00' } });
  await call(write, { postType: 'venue', id: venue, data: { title: 'MCP Hall Renamed' } });
  await call(write, { postType: 'organizer', id: organizer, data: { phone: '555-0100' } });
  await call(del, { postType: 'event', id: event });
  await call(del, { postType: 'event', id: event, force: true });
  await call(del, { postType: 'venue', id: venue, force: true });
  await call(del, { postType: 'organizer', id: organizer });
  await call(read, { postType: 'event', id: 999999 });
  await client.close();
  finish(record);
}

function finish(record: unknown): void {
  proxy.close();
  const out = process.env.OUT ?? '/tmp/mcp-calls.json';
  writeFileSync(out, `${JSON.stringify(record, null, 1)}\n`);
  process.stdout.write(`wrote ${out}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
