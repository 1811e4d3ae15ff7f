import { serialize as libSerialize, unserialize as libUnserialize } from 'php-serialize';

/**
 * PHP serialize()/unserialize() as WordPress uses them for meta and option values (maybe_serialize(),
 * maybe_unserialize(), is_serialized()). Parsing is the php-serialize library's; this module adds WordPress's rules
 * around it.
 */

export type PhpValue = null | boolean | number | string | PhpValue[] | { [key: string]: PhpValue };

/** PHP turns integer-like string keys ("5") into integer keys (i:5;); JS objects lose that distinction. */
function toPhpShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPhpShape);
  if (value !== null && typeof value === 'object') {
    const map = new Map<string | number, unknown>();
    for (const [key, v] of Object.entries(value)) {
      map.set(/^(0|-?[1-9]\d*)$/.test(key) && Number.isSafeInteger(Number(key)) ? Number(key) : key, toPhpShape(v));
    }
    return map;
  }
  return value;
}

export function phpSerialize(value: unknown): string {
  return libSerialize(toPhpShape(value));
}

/** Objects (O:…) come back as plain keyed maps; no class is ever instantiated. Returns false when unreadable. */
export function phpUnserialize(text: string): PhpValue | false {
  try {
    return stripClassMarkers(libUnserialize(text, {}, { strict: false })) as PhpValue;
  } catch {
    return false;
  }
}

function stripClassMarkers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripClassMarkers);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== '__PHP_Incomplete_Class_Name') out[k] = stripClassMarkers(v);
    return out;
  }
  return value;
}

/** WordPress's is_serialized() in strict mode. */
export function isSerialized(data: string): boolean {
  const s = data.trim();
  if (s === 'N;') return true;
  if (s.length < 4 || s[1] !== ':') return false;
  const last = s[s.length - 1];
  if (last !== ';' && last !== '}') return false;
  switch (s[0]) {
    case 's':
      return s[s.length - 2] === '"' && /^s:[0-9]+:/.test(s);
    case 'a':
    case 'O':
    case 'E':
      return new RegExp(`^${s[0]}:[0-9]+:`).test(s);
    case 'b':
    case 'i':
    case 'd':
      return new RegExp(`^${s[0]}:[0-9.E+-]+;$`).test(s);
    default:
      return false;
  }
}

/** maybe_serialize(): arrays/objects serialized, already-serialized strings serialized again, scalars as text. */
export function maybeSerialize(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return phpSerialize(value);
  if (typeof value === 'string') return isSerialized(value) ? phpSerialize(value) : value;
  if (typeof value === 'boolean') return value ? '1' : '';
  return String(value);
}

/** maybe_unserialize(): only values that look serialized are parsed; a broken one reads as false. */
export function maybeUnserialize(value: string | null): PhpValue | false {
  if (value === null) return null;
  return isSerialized(value) ? phpUnserialize(value) : value;
}
