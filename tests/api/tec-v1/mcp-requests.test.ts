import { mcpCalls, TEC_EEA } from '../../support/tec-v1-answers';
import { useCallers, useTestApp } from '../../support/test-app';

/**
 * The tec/v1 requests the vendor's MCP server (the-events-calendar/mcp-server at 4fcf794) sent to the plugin for each
 * tool call (tests/fixtures/plugin/tec-v1/mcp-4fcf794.json), sent in the same order to the service on a new site as
 * an administrator: each gets the status the plugin gave (its create, list with filters, read, update, trash and
 * permanent deletion, and its two requests the plugin refuses: a lower-case `order` and a single `tags` id).
 * The ids the plugin's site gave the created posts are replaced by the service's.
 */

const t = useTestApp();
const callers = useCallers(t);

const requests = mcpCalls('4fcf794').flatMap((c) => c.requests.filter((r) => r.path.startsWith('/wp-json/tec/v1/')));

it('answers every tec/v1 request of the MCP server with the status the plugin gave', async () => {
  const ids = new Map<number, number>();
  const ours = (path: string) => path.replace(/([/=])(\d+)\b/g, (whole, sep: string, id: string) => (ids.has(Number(id)) ? `${sep}${ids.get(Number(id))}` : whole));
  const answered = [];
  for (const r of requests) {
    let req = t.request[r.method.toLowerCase() as 'get'](ours(r.path)).set('Authorization', callers.administrator.authorization);
    if (r.eea) req = req.set('X-TEC-EEA', TEC_EEA);
    const res = r.body === undefined ? await req : await req.set('Content-Type', 'application/json').send(JSON.stringify(r.body));
    answered.push(`${r.method} ${r.path} ${res.status}`);
    if (r.method === 'POST' && res.status === 201) {
      // The plugin's site numbered the created posts from 5 on: venue, organizer, then the events.
      const recordedId = 5 + ids.size;
      ids.set(recordedId, res.body.id);
    }
  }
  expect(answered).toEqual(requests.map((r) => `${r.method} ${r.path} ${r.status}`));
});
