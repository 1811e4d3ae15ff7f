import { formatOffset, isIntlZone } from './zone-math';

/**
 * Which time-zone names PHP's DateTimeZone (timelib_parse_zone) accepts, and what they mean:
 * - offsets `+5`, `+05`, `+0530`, `+05:30`, `-3:30`, optionally prefixed by `GMT` → fixed offsets (type 1);
 * - abbreviations from timelib's table (`EST`, `CEST`, `CET`, `IST`, military letters, case-insensitive) → the fixed
 *   offset of the table's first entry for that name (type 2). They win over IANA ids of the same name, so `CET` and
 *   `EST` are fixed offsets without DST, as in PHP;
 * - IANA identifiers, case-insensitive, including backward-compatible links (`US/Eastern`) → type 3.
 */

/**
 * timelib's abbreviation table (PHP 8.2 timezone_abbreviations_list(), first entry per name): name → UTC offset in
 * seconds, DST included (`edt` is −4 h). `utc` and `gmt` are UTC.
 */
const ABBREVIATION_OFFSETS: ReadonlyMap<string, number> = new Map(
  (
    'acdt:37800 acst:34200 addt:-7200 adt:-10800 aedt:39600 aest:36000 ahdt:-32400 ahst:-36000 akdt:-28800 ' +
    'akst:-32400 amt:-13840 apt:-10800 ast:-14400 awdt:32400 awst:28800 awt:-10800 bdst:7200 bdt:-36000 ' +
    'bmt:-14309 bst:3600 cast:34200 cat:7200 cddt:-14400 cdt:-18000 cemt:10800 cest:7200 cet:3600 cmt:-15408 ' +
    'cpt:-18000 cst:-21600 cwt:-18000 chst:36000 dmt:-1521 eat:10800 eddt:-10800 edt:-14400 eest:10800 eet:7200 ' +
    'emt:-26248 ept:-14400 est:-18000 ewt:-14400 ffmt:-14660 fmt:-4056 gdt:39600 gmt:0 gst:36000 hdt:-34200 ' +
    'hkst:32400 hkt:28800 hmt:-19776 hpt:-34200 hst:-36000 hwt:-34200 iddt:14400 idt:10800 imt:25025 ist:7200 ' +
    'jdt:36000 jmt:8440 jst:32400 kdt:36000 kmt:5736 kst:30600 lst:9394 mddt:-18000 mdst:16279 mdt:-21600 ' +
    'mest:7200 met:3600 mmt:9017 mpt:-21600 msd:14400 msk:10800 mst:-25200 mwt:-21600 nddt:-5400 ndt:-9052 ' +
    'npt:-9000 nst:-12600 nwt:-9000 nzdt:46800 nzmt:41400 nzst:43200 pddt:-21600 pdt:-25200 pkst:21600 pkt:18000 ' +
    'plmt:25590 pmt:-13236 ppmt:-17340 ppt:-25200 pst:-28800 pwt:-25200 qmt:-18840 rmt:5794 sast:7200 ' +
    'sdmt:-16800 sjmt:-20173 smt:-13884 sst:-39600 tbmt:10751 tmt:12344 uct:0 utc:0 wast:7200 wat:3600 wemt:7200 ' +
    'west:3600 wet:0 wib:25200 wita:28800 wit:32400 wmt:5040 yddt:-25200 ydt:-28800 ypt:-28800 yst:-32400 ' +
    'ywt:-28800 a:3600 b:7200 c:10800 d:14400 e:18000 f:21600 g:25200 h:28800 i:32400 k:36000 l:39600 m:43200 ' +
    'n:-3600 o:-7200 p:-10800 q:-14400 r:-18000 s:-21600 t:-25200 u:-28800 v:-32400 w:-36000 x:-39600 y:-43200 ' +
    'z:0'
  )
    .split(' ')
    .map((pair) => {
      const [name, seconds] = pair.split(':');
      return [name, Number(seconds)] as const;
    }),
);

/** A zone as PHP parsed it. `zone` is what date-fns-tz and zone-math understand (IANA id or `±HH:MM`). */
export interface PhpZone {
  kind: 'offset' | 'abbreviation' | 'identifier';
  zone: string;
  /** The abbreviation in upper case (PHP's `T` output for such zones). */
  abbreviation?: string;
}

/** timelib_parse_tz_cor: the digits and colons after the sign → seconds, or null for an unknown shape. */
function parseOffsetDigits(text: string): number | null {
  if (!/^[\d:]+$/.test(text)) return null;
  const hours = (s: string) => parseInt(s, 10) * 3600;
  switch (text.length) {
    case 1:
    case 2:
      return hours(text);
    case 3:
    case 4:
      if (text[1] === ':') return hours(text) + parseInt(text.slice(2), 10) * 60;
      if (text[2] === ':') return hours(text) + parseInt(text.slice(3), 10) * 60;
      return hours(text.slice(0, -2)) + parseInt(text.slice(-2), 10) * 60;
    case 5:
      return text[2] === ':' ? hours(text) + parseInt(text.slice(3), 10) * 60 : null;
    case 6:
      return /^\d{6}$/.test(text) ? hours(text.slice(0, 2)) + parseInt(text.slice(2, 4), 10) * 60 + +text.slice(4) : null;
    case 8:
      return /^\d\d:\d\d:\d\d$/.test(text) ? hours(text) + +text.slice(3, 5) * 60 + +text.slice(6) : null;
    default:
      return null;
  }
}

/** Whether Intl (and so date-fns-tz) knows this IANA identifier. */
export function isIanaZone(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name) && isIntlZone(name);
}

/**
 * Parses a whole time-zone name as PHP's DateTimeZone constructor does (timelib_parse_zone must consume it all).
 * Returns null where PHP throws "Unknown or bad timezone" or "Timezone offset is out of range".
 */
export function parsePhpZone(input: string): PhpZone | null {
  let text = input.replace(/^[ \t(]+/, '').replace(/\)+$/, '');
  if (/^GMT[+-]/.test(text)) text = text.slice(3);
  if (text.startsWith('+') || text.startsWith('-')) {
    const seconds = parseOffsetDigits(text.slice(1));
    if (seconds === null || seconds >= 100 * 3600) return null;
    return { kind: 'offset', zone: formatOffset(text.startsWith('-') ? -seconds : seconds) };
  }
  if (text === '' || /[ )]/.test(text)) return null;
  // "UTC" spelled exactly so is PHP's UTC identifier; any other case of utc/gmt is the UTC abbreviation.
  if (text === 'UTC') return { kind: 'identifier', zone: 'UTC' };
  const lower = text.toLowerCase();
  const abbreviationOffset = ABBREVIATION_OFFSETS.get(lower);
  if (abbreviationOffset !== undefined) {
    const zone = abbreviationOffset === 0 ? 'UTC' : formatOffset(abbreviationOffset);
    return { kind: 'abbreviation', zone, abbreviation: text.toUpperCase() };
  }
  return isIanaZone(text) ? { kind: 'identifier', zone: text } : null;
}

/** Offset of a timelib abbreviation (`est` → −18000), for callers that need the raw table. */
function abbreviationOffset(name: string): number | undefined {
  return ABBREVIATION_OFFSETS.get(name.toLowerCase());
}

/**
 * The zone a time-zone setting names, in a form date-fns-tz and zone-math understand (IANA id or `±HH:MM`), or null
 * if PHP/TEC would reject it. Besides what DateTimeZone accepts, TEC's own `UTC±N[.N]` strings (written from a
 * numeric gmt_offset, e.g. `UTC+5.5`) are fixed offsets.
 */
export function resolveZone(tz: string): string | null {
  const tecOffset = /^UTC([+-])(\d+(?:\.\d+)?)$/.exec(tz);
  if (tecOffset) {
    const seconds = Math.round(parseFloat(tecOffset[2]) * 3600);
    return seconds === 0 ? 'UTC' : formatOffset(tecOffset[1] === '-' ? -seconds : seconds);
  }
  return parsePhpZone(tz)?.zone ?? null;
}
