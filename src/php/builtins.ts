/**
 * PHP's own predicates on strings that several ports need alike (argument types, date parsing, text filters).
 */

/** is_numeric(): optional surrounding whitespace, sign, decimals, exponent; finite numbers. */
export function isPhpNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(value);
}

/** trim() with PHP's default characters (" \t\n\r\0\x0B"). */
export function phpTrim(text: string): string {
  return text.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
}

/** A string for use inside a RegExp, every special character escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** empty(): null, '', '0', false, 0 and an empty array. */
export function phpEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === '0' || value === false || value === 0 || (Array.isArray(value) && value.length === 0);
}

/**
 * intval() / an (int) cast as PHP 8 does it: a string's leading numeric part (whitespace, sign, decimals and exponent
 * included: "1e2" is 100, "7.5" is 7, "12abc" is 12), 0 when it has none; floats truncated; true is 1; an array (a
 * list or, unserialized, a map) is 1 when it has members.
 */
export function phpIntval(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const numeric = /^[ \t\n\r\v\f]*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)/.exec(value);
    const n = numeric ? Math.trunc(Number(numeric[1])) : 0;
    return Number.isFinite(n) ? n : 0;
  }
  if (Array.isArray(value)) return value.length > 0 ? 1 : 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0 ? 1 : 0;
  return 0;
}

/**
 * A float as PHP writes it in a string (`(string) $float`, `precision` 14): at most 14 significant digits, trailing
 * zeros dropped, and the exponent form (`1.0E+20`, `1.0E-5`) outside 1e-5 … 1e14.
 */
export function phpFloatString(n: number): string {
  if (Number.isNaN(n)) return 'NAN';
  if (!Number.isFinite(n)) return n > 0 ? 'INF' : '-INF';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const exponent = Math.floor(Math.log10(Math.abs(Number(n.toPrecision(14)))));
  if (exponent < -4 || exponent >= 14) {
    const [mantissa = '', power = '0'] = n.toExponential(13).split('e');
    const digits = mantissa.replace(/0+$/, '').replace(/\.$/, '.0');
    return `${digits}E${power.startsWith('-') ? power : `+${power.replace('+', '')}`}`;
  }
  return String(Number(n.toPrecision(14)));
}
