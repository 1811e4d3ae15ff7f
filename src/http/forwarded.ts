import type { TLSSocket } from 'node:tls';
import type { Express, Request } from 'express';

/**
 * The scheme the client used, read through the proxies the `trust proxy` setting names, as Express reads the
 * client's address: X-Forwarded-For and X-Forwarded-Proto are read from the right, one entry per trusted proxy, and
 * the entry written by the outermost trusted proxy (about the connection it got from the first untrusted party)
 * is the one that counts. Express itself takes the left-most X-Forwarded-Proto entry as soon as the socket's peer is
 * trusted, which any client can prepend to (`https, http`); this replaces its `req.protocol` (and so `req.secure`).
 */

type TrustFn = (address: string, hop: number) => boolean;

const list = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function clientProtocol(req: Request): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const trust = req.app.get('trust proxy fn') as TrustFn;
  const peer = req.socket.remoteAddress ?? '';
  if (!trust(peer, 0)) return own;
  const protocols = list(req.get('x-forwarded-proto'));
  if (protocols.length === 0) return own;
  // The addresses behind the peer, nearest first: each one trusted is one more proxy whose entry is believed (the
  // left-most address is the client whatever the setting, as in proxy-addr).
  const behind = list(req.get('x-forwarded-for')).reverse();
  let trusted = 1;
  while (trusted < behind.length && trust(behind[trusted - 1]!, trusted)) trusted++;
  // Fewer entries than trusted proxies: the inner ones passed the header on unchanged.
  const value = protocols[Math.max(0, protocols.length - trusted)]!.toLowerCase();
  return value === 'https' || value === 'http' ? value : own;
}

/** Makes `req.protocol` and `req.secure` of this app's requests follow clientProtocol(). */
export function readProtocolThroughTrustedProxies(app: Express): void {
  Object.defineProperty(app.request, 'protocol', {
    configurable: true,
    enumerable: true,
    get(this: Request) {
      return clientProtocol(this);
    },
  });
}

/** REMOTE_ADDR as PHP reports it: an IPv4 peer on a dual-stack socket is plain IPv4, not `::ffff:a.b.c.d`. */
export function remoteAddress(req: Request): string {
  const ip = req.ip ?? '';
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip;
}
