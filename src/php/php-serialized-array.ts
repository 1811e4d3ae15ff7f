import { phpSerialize } from './php-serialize';

/**
 * A serialized PHP array split into its top-level entries without re-encoding them, so that one entry can be
 * changed while every other byte stays exactly as WordPress (or a plugin) wrote it. Used where WordPress
 * rewrites a list value in place, such as `_application_passwords` after a login.
 */

export interface SerializedEntry {
  /** The key as PHP holds it (integer keys as numbers). */
  key: string | number;
  /** The key's own serialized text, e.g. `i:3;` or `s:4:"uuid";`. */
  keyText: string;
  /** The value's serialized text, untouched. */
  valueText: string;
}

class Malformed extends Error {}

const QUOTE = 0x22;
const COLON = 0x3a;
const SEMI = 0x3b;
const OPEN = 0x7b;
const CLOSE = 0x7d;

/** Serialized lengths count bytes, so the scan works on the UTF-8 bytes of the text. */
class Scanner {
  pos = 0;
  constructor(readonly buf: Buffer) {}

  expect(byte: number): void {
    if (this.buf[this.pos] !== byte) throw new Malformed();
    this.pos++;
  }

  /** Reads up to (not including) `stop` and moves past it. */
  until(stop: number): string {
    const end = this.buf.indexOf(stop, this.pos);
    if (end === -1) throw new Malformed();
    const text = this.buf.toString('latin1', this.pos, end);
    this.pos = end + 1;
    return text;
  }

  count(stop: number): number {
    const text = this.until(stop);
    if (!/^\+?\d+$/.test(text)) throw new Malformed();
    return Number(text);
  }

  /** `"<n bytes>"` */
  quoted(length: number): void {
    this.expect(QUOTE);
    this.pos += length;
    if (this.pos > this.buf.length) throw new Malformed();
    this.expect(QUOTE);
  }

  /** Moves past one complete value, whatever its type. */
  skipValue(): void {
    const type = String.fromCharCode(this.buf[this.pos] ?? 0);
    this.pos++;
    if (type === 'N') return this.expect(SEMI);
    this.expect(COLON);
    switch (type) {
      case 'b':
      case 'i':
      case 'd':
      case 'r':
      case 'R':
        this.until(SEMI);
        return;
      case 's':
        this.quoted(this.count(COLON));
        return this.expect(SEMI);
      case 'E':
        this.quoted(this.count(COLON));
        return this.expect(SEMI);
      case 'a':
        return this.skipMembers(this.count(COLON));
      case 'O':
        this.quoted(this.count(COLON));
        this.expect(COLON);
        return this.skipMembers(this.count(COLON));
      case 'C': {
        this.quoted(this.count(COLON));
        this.expect(COLON);
        const length = this.count(COLON);
        this.expect(OPEN);
        this.pos += length;
        return this.expect(CLOSE);
      }
      default:
        throw new Malformed();
    }
  }

  skipMembers(n: number): void {
    this.expect(OPEN);
    for (let i = 0; i < 2 * n; i++) this.skipValue();
    this.expect(CLOSE);
  }
}

/** The top-level entries of a serialized array (`a:N:{…}`), or null when the text is anything else. */
export function readSerializedArray(text: string): SerializedEntry[] | null {
  const scanner = new Scanner(Buffer.from(text.trim(), 'utf8'));
  try {
    if (scanner.buf[0] !== 0x61 /* a */) return null;
    scanner.pos = 1;
    scanner.expect(COLON);
    const n = scanner.count(COLON);
    scanner.expect(OPEN);
    const entries: SerializedEntry[] = [];
    for (let i = 0; i < n; i++) {
      const keyStart = scanner.pos;
      const keyType = scanner.buf[keyStart];
      if (keyType !== 0x69 /* i */ && keyType !== 0x73 /* s */) return null;
      scanner.skipValue();
      const valueStart = scanner.pos;
      scanner.skipValue();
      const keyText = scanner.buf.toString('utf8', keyStart, valueStart);
      entries.push({ key: parseKey(keyText), keyText, valueText: scanner.buf.toString('utf8', valueStart, scanner.pos) });
    }
    scanner.expect(CLOSE);
    return scanner.pos === scanner.buf.length ? entries : null;
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}

function parseKey(keyText: string): string | number {
  if (keyText.startsWith('i:')) return Number(keyText.slice(2, -1));
  return keyText.slice(keyText.indexOf('"') + 1, -2);
}

/** Serialized text of an array key; integer-like strings become integer keys, as in PHP. */
export function serializedKey(key: string | number): string {
  const text = String(key);
  if (/^(0|-?[1-9]\d*)$/.test(text) && Number.isSafeInteger(Number(text))) return `i:${text};`;
  return phpSerialize(text);
}

/** Reassembles entries into `a:N:{…}`. */
export function writeSerializedArray(entries: ReadonlyArray<Pick<SerializedEntry, 'keyText' | 'valueText'>>): string {
  return `a:${entries.length}:{${entries.map((e) => e.keyText + e.valueText).join('')}}`;
}

/** PHP's `$array[] = …` key: one more than the largest integer key, 0 when there is none. */
export function nextIntegerKey(entries: ReadonlyArray<Pick<SerializedEntry, 'key'>>): number {
  const ints = entries.map((e) => e.key).filter((k): k is number => typeof k === 'number');
  return ints.length === 0 ? 0 : Math.max(-1, ...ints) + 1;
}

/**
 * Sets `key` to `value` inside a serialized array, leaving every other entry's bytes as they were; a new key
 * goes at the end, as PHP appends it.
 */
export function setSerializedEntry(entries: SerializedEntry[], key: string | number, value: unknown): SerializedEntry[] {
  const valueText = phpSerialize(value);
  const index = entries.findIndex((e) => String(e.key) === String(key));
  if (index === -1) return [...entries, { key, keyText: serializedKey(key), valueText }];
  return entries.map((e, i) => (i === index ? { ...e, valueText } : e));
}
