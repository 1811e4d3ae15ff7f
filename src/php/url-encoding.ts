/** PHP's URL encoders, byte for byte: what WordPress puts in the URLs and names it builds. */

const percent = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;

/** rawurlencode(): every byte but letters, digits and `-_.~` as %XX. */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, percent);
}

/** urlencode(): as rawurlencode(), but a space is `+` and `~` is encoded (application/x-www-form-urlencoded). */
export function urlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*~]/g, percent).replace(/%20/g, '+');
}

/** urldecode(): `+` is a space, valid %XX octets are decoded, anything else stays. */
export function urlDecode(text: string): string {
  const bytes = Buffer.from(text.replace(/\+/g, ' '), 'utf8');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x25 ? bytes.subarray(i + 1, i + 3).toString('latin1') : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(bytes[i]!);
  }
  return Buffer.from(out).toString('utf8');
}
