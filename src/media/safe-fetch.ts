import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * wp_safe_remote_get() for image URLs: http(s) only, on port 80, 443 or 8080 (or the site's own port on the site's
 * own host), every host (and every redirect target) resolved and refused when any address is loopback, private,
 * link-local or otherwise not public unicast, unless the allow-list names the host or the address (the
 * http_request_host_is_external filter's role); a time limit and a size limit. The host is resolved once: the
 * connection goes to the addresses that were checked (the URL's name still in Host and TLS SNI), so a DNS answer
 * that changes between the check and the connection (DNS rebinding) cannot reach another address.
 */

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Host names, addresses or CIDR ranges that may be fetched although not public. */
  allow: readonly string[];
  /** The ports a URL may name (the http_allowed_safe_ports filter's role); default SAFE_PORTS. */
  ports?: readonly number[];
  /** The site's home URL: the port it names may be fetched on its own host, as WordPress allows. */
  home?: string;
}

export class FetchRefused extends Error {}

const MAX_REDIRECTS = 5;
/** wp_http_validate_url()'s ports. */
export const SAFE_PORTS: readonly number[] = [80, 443, 8080];

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

const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** wp_http_validate_url(): a safe port, or the port the home URL names when the URL is on the home's host. */
function checkPort(url: URL, limits: FetchLimits): void {
  const port = portOf(url);
  if ((limits.ports ?? SAFE_PORTS).includes(port)) return;
  const home = limits.home && URL.canParse(limits.home) ? new URL(limits.home) : null;
  if (home && home.port !== '' && Number(home.port) === port && home.hostname.toLowerCase() === url.hostname.toLowerCase()) return;
  throw new FetchRefused(`port ${port} is not allowed`);
}

/** The addresses a URL may be fetched from: every address its host resolves to, each public or allowed. */
async function checkTarget(url: URL, limits: FetchLimits): Promise<LookupAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`unsupported scheme ${url.protocol}`);
  checkPort(url, limits);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }] : await lookup(host, { all: true });
  if (addresses.length === 0) throw new FetchRefused(`${host} does not resolve`);
  for (const { address } of addresses) {
    if (ipaddr.process(address).range() !== 'unicast' && !allowed(limits, host, address)) throw new FetchRefused(`${host} is not a public address`);
  }
  return addresses;
}

/** A lookup that answers with the checked addresses only: the connection cannot resolve the name again. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = addresses.filter((a) => !options.family || a.family === options.family);
    const list = wanted.length > 0 ? wanted : addresses;
    if (options.all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}

function get(url: URL, addresses: LookupAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // No shared agent: a kept-alive socket must never serve another host's request.
    const req = send(url, { method: 'GET', agent: false, lookup: pinnedLookup(addresses), signal, headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** The body as sent, decoded from its Content-Encoding (the size limit counts decoded bytes: no bombs). */
function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(createGunzip());
  if (encoding === 'deflate') return res.pipe(createInflate());
  if (encoding === 'br') return res.pipe(createBrotliDecompress());
  return res;
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const stream = decoded(res);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new FetchRefused('too large');
      chunks.push(chunk);
    }
  } finally {
    res.destroy();
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

/** The body of a URL, following up to five redirects, each checked again. */
export async function safeFetch(url: string, limits: FetchLimits): Promise<{ body: Buffer; contentType: string; finalUrl: URL }> {
  let target = new URL(url);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const addresses = await checkTarget(target, limits);
    const res = await get(target, addresses, signal);
    const location = res.headers.location;
    if (res.statusCode! >= 300 && res.statusCode! < 400 && location) {
      res.destroy();
      target = new URL(location, target);
      continue;
    }
    if (res.statusCode !== 200 || Number(res.headers['content-length'] ?? 0) > limits.maxBytes) {
      res.destroy();
      throw new FetchRefused(res.statusCode !== 200 ? `HTTP ${res.statusCode}` : 'too large');
    }
    return { body: await readBody(res, limits.maxBytes), contentType: String(res.headers['content-type'] ?? ''), finalUrl: target };
  }
  throw new FetchRefused('too many redirects');
}
