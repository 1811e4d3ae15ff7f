import type { Answer } from './http';

/**
 * Byte comparison of two answers, and the cause of each difference named from where it is: a header, a JSON
 * path (numbers folded to `[]`), or the status. Exchanges that differ for the same set of causes are grouped.
 */

/** Headers a client relies on; Date, Host, Connection, X-Powered-By, X-Request-Id and lengths are transport. */
const HEADERS = [
  'content-type', 'allow', 'x-tec-total', 'x-tec-totalpages', 'x-wp-total', 'x-wp-totalpages', 'link', 'location',
  'vary', 'cache-control', 'expires', 'x-robots-tag', 'x-content-type-options', 'access-control-expose-headers',
  'access-control-allow-headers', 'access-control-allow-origin', 'access-control-allow-methods',
  'access-control-allow-credentials', 'x-wp-doingitwrong',
];

/** antispambot() entity-encodes organizer e-mails at random on every request: compare them decoded. */
export function normalizeBody(body: string): string {
  return (
    body
      .replace(/"email":"([^"]*)"/g, (_, v: string) => `"email":"${v.replace(/&#(\d+);/g, (__, n) => String.fromCharCode(Number(n)))}"`)
      // An autosave's preview link carries a nonce of the site's own (wp_create_nonce()): compared without it.
      .replace(/preview_nonce=[0-9a-f]{10}/g, 'preview_nonce=<nonce>')
  );
}

export interface Difference {
  causes: string[];
  detail: string[];
}

export function compareAnswers(plugin: Answer, service: Answer): Difference | null {
  const detail: string[] = [];
  const causes = new Set<string>();
  if (plugin.status !== service.status) {
    causes.add(`status ${plugin.status} vs ${service.status}`);
    detail.push(`status: plugin ${plugin.status}, service ${service.status}`);
  }
  for (const name of HEADERS) {
    if ((plugin.headers[name] ?? null) !== (service.headers[name] ?? null)) {
      causes.add(`header ${name}`);
      detail.push(`${name}: plugin ${JSON.stringify(plugin.headers[name] ?? null)}, service ${JSON.stringify(service.headers[name] ?? null)}`);
    }
  }
  const a = normalizeBody(plugin.body);
  const b = normalizeBody(service.body);
  if (a !== b) {
    let pa: unknown;
    let pb: unknown;
    try {
      pa = JSON.parse(a);
      pb = JSON.parse(b);
    } catch {
      causes.add('body (not JSON)');
      detail.push(`body: plugin ${a.slice(0, 200)} | service ${b.slice(0, 200)}`);
      return { causes: [...causes], detail };
    }
    const paths: string[] = [];
    jsonDiff(pa, pb, '', paths);
    if (paths.length === 0) {
      causes.add('JSON encoding (same values)');
      detail.push(`bytes: plugin ${a.slice(0, 160)} | service ${b.slice(0, 160)}`);
    }
    for (const p of paths) {
      causes.add(causeOf(p.split(' ')[0]!));
      if (detail.length < 12) detail.push(p);
    }
  }
  return causes.size === 0 ? null : { causes: [...causes].sort(), detail };
}

function jsonDiff(a: unknown, b: unknown, path: string, out: string[]): void {
  if (out.length > 60) return;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    if (!Array.isArray(a) && ka.join() !== kb.join() && [...ka].sort().join() === [...kb].sort().join()) {
      out.push(`${path || '.'} key order: plugin ${ka.join(',')} | service ${kb.join(',')}`);
    }
    for (const k of new Set([...ka, ...kb])) {
      const sub = `${path}.${k}`;
      if (!(k in (a as object))) out.push(`${sub} only in service: ${short((b as any)[k])}`);
      else if (!(k in (b as object))) out.push(`${sub} only in plugin: ${short((a as any)[k])}`);
      else jsonDiff((a as any)[k], (b as any)[k], sub, out);
    }
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path || '.'} plugin ${short(a)} | service ${short(b)}`);
}

const short = (v: unknown) => {
  const s = JSON.stringify(v) ?? 'undefined';
  return s.length > 140 ? `${s.slice(0, 140)}…` : s;
};

/** Names the cause of a differing JSON path. */
export function causeOf(path: string): string {
  const p = path.replace(/\.\d+(?=\.|$)/g, '[]');
  if (/json_ld/.test(p)) return `JSON-LD ${p.replace(/^.*json_ld\.?/, '') || '(whole)'}`.trim();
  if (/(^|\.)(next_rest_url|previous_rest_url)$/.test(p) || /^\.rest_url$/.test(p)) return 'paging URLs';
  if (/^\.routes\./.test(p) || /^\.endpoints/.test(p)) return 'discovery descriptors';
  if (/wp:post_type/.test(p)) return 'term _links wp:post_type';
  if (/\.(description|excerpt)$/.test(p)) return `rendered ${p.replace(/^.*\./, '')}`;
  if (/^\.(code|message|data)/.test(p)) return `error ${p}`;
  return p.replace(/^\.(events|venues|organizers|categories|tags)\[\]/, '.$1[]');
}
