/**
 * RFC 5545 text: value escaping and content-line folding. The plugin (Tribe__Events__iCal) escapes only commas
 * and newlines; here backslashes and semicolons are escaped too, as RFC 5545 §3.3.11 requires, so a parser reads
 * back exactly the text the plugin meant (the parsed values are the same wherever the plugin's output is valid).
 */

export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\n/g, '\\n').replace(/\r/g, '');
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 sequence. */
function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Lines joined with CRLF, each folded, with the final CRLF. */
export function contentLines(lines: readonly string[]): string {
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** `Y-m-d H:i:s` → `YmdTHis` (or `Ymd` for a date). */
export function basicDateTime(wall: string, dateOnly = false): string {
  const digits = wall.replace(/[^0-9]/g, '');
  return dateOnly ? digits.slice(0, 8) : `${digits.slice(0, 8)}T${digits.slice(8, 14).padEnd(6, '0')}`;
}
