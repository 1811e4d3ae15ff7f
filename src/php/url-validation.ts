/**
 * PHP's FILTER_VALIDATE_URL (ext/filter php_filter_validate_url, PHP 8.2) on top of a parse_url() equivalent: only
 * URL-legal ASCII characters, a scheme, a host (except for mailto:, news: and file:), a numeric port up to 65535,
 * valid user info, and for http/https a valid host name or bracketed IPv6 address.
 */

const URL_CHARS = /^[A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]*$/;

/** _php_filter_validate_domain with FILTER_FLAG_HOSTNAME. */
function isHostname(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label));
}

function isIpv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || (text.match(/::/g) ?? []).length > 1) return false;
  const parts = text.split(':');
  const last = parts[parts.length - 1];
  const ipv4 = last.includes('.');
  if (ipv4 && !/^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(last)) return false;
  const groups = parts.filter((p) => p !== '').length + (ipv4 ? 1 : 0);
  const compressed = text.includes('::');
  if (parts.some((p, i) => p === '' && !compressed && i !== 0)) return false;
  if (parts.slice(0, ipv4 ? -1 : undefined).some((p) => p.length > 4)) return false;
  return compressed ? groups <= 7 : groups === 8;
}

const USERINFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;

export function isValidUrl(value: string): boolean {
  if (!URL_CHARS.test(value)) return false;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value);
  if (!scheme) return false;
  const rest = value.slice(scheme[0].length);
  const name = scheme[1].toLowerCase();
  if (!rest.startsWith('//')) return ['mailto', 'news', 'file'].includes(name);
  const authority = /^\/\/([^/?#]*)/.exec(rest)?.[1] ?? '';
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? null : authority.slice(0, at);
  let host = at === -1 ? authority : authority.slice(at + 1);
  const port = /:(\d*)$/.exec(host.startsWith('[') ? host.slice(host.indexOf(']') + 1) : host);
  if (port) {
    if (port[1].length > 5 || Number(port[1]) > 65535) return false;
    host = host.slice(0, host.length - port[0].length);
  }
  if (host === '') return name === 'file' || name === 'mailto' || name === 'news';
  if (userinfo !== null && !userinfo.split(':').every((part) => USERINFO.test(part))) return false;
  if (name === 'http' || name === 'https') {
    if (host.startsWith('[') && host.endsWith(']')) return isIpv6(host.slice(1, -1));
    return isHostname(host);
  }
  return true;
}
