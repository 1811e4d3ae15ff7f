import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * wp_safe_remote_get() for image URLs: http(s) only, every host (and every redirect target) resolved and refused
 * when any address is loopback, private, link-local or otherwise not public unicast, unless the allow-list names
 * the host or the address (the http_request_host_is_external filter's role); a time limit and a size limit.
 */

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Host names, addresses or CIDR ranges that may be fetched although not public. */
  allow: readonly string[];
}

export class FetchRefused extends Error {}

const MAX_REDIRECTS = 5;

function allowed(limits: FetchLimits, host: string, address: string): boolean {
  const ip = ipaddr.process(address);
  for (const entry of limits.allow) {
    if (entry.toLowerCase() === host.toLowerCase()) return true;
    try {
      if (entry.includes('/')) {
        const [range, bits] = ipaddr.parseCIDR(entry);
        if (range.kind() === ip.kind() && ip.match([range, bits] as never)) return true;
      } else if (ipaddr.isValid(entry) && ipaddr.process(entry).toString() === ip.toString()) return true;
    } catch {
      // an entry that is no address is a host name, compared above
    }
  }
  return false;
}

/** Refuses a URL whose host resolves to an address the public internet could not reach. */
async function checkTarget(url: URL, limits: FetchLimits): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`unsupported scheme ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  for (const address of addresses) {
    if (ipaddr.process(address).range() !== 'unicast' && !allowed(limits, host, address)) throw new FetchRefused(`${host} is not a public address`);
  }
}

/** The body of a URL, following up to five redirects, each checked again. */
export async function safeFetch(url: string, limits: FetchLimits): Promise<{ body: Buffer; contentType: string; finalUrl: URL }> {
  let target = new URL(url);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await checkTarget(target, limits);
    const res = await fetch(target, { redirect: 'manual', signal });
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      await res.body?.cancel();
      target = new URL(res.headers.get('location')!, target);
      continue;
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new FetchRefused(`HTTP ${res.status}`);
    }
    if (Number(res.headers.get('content-length') ?? 0) > limits.maxBytes) {
      await res.body?.cancel();
      throw new FetchRefused('too large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limits.maxBytes) throw new FetchRefused('too large');
      chunks.push(Buffer.from(chunk));
    }
    return { body: Buffer.concat(chunks), contentType: res.headers.get('content-type') ?? '', finalUrl: target };
  }
  throw new FetchRefused('too many redirects');
}
