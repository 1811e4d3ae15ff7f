/**
 * WordPress's remove_accents() (wp-includes/formatting.php) for the default locale: NFC-normalise, then map Latin-1
 * Supplement, Latin Extended-A/B, Vietnamese and Pinyin letters to ASCII, `€` to `E` and `£` to nothing. Locale
 * variants (de_*: `ä` → `ae`, da_DK, ca, sr_RS/bs_BA) are not applied: the service writes as a site in the default
 * locale would.
 */

/** Replacement → the characters WordPress maps to it (its $chars table, grouped). */
const GROUPS: ReadonlyArray<readonly [string, string]> = [
  ['a', 'ªàáâãäåāăąầằảẩẳẫẵấắạậặɑǎ'],
  ['o', 'ºòóôõöøōŏőơồờỏổởỗỡốớọộợǒ'],
  ['A', 'ÀÁÂÃÄÅĀĂĄẦẰẢẨẲẪẴẤẮẠẬẶǍ'],
  ['AE', 'Æ'],
  ['C', 'ÇĆĈĊČ'],
  ['E', 'ÈÉÊËĒĔĖĘĚ€ỀẺỂẼỄẾẸỆ'],
  ['I', 'ÌÍÎÏĨĪĬĮİỈỊǏ'],
  ['D', 'ÐĎĐ'],
  ['N', 'ÑŃŅŇŊ'],
  ['O', 'ÒÓÔÕÖØŌŎŐƠỒỜỎỔỞỖỠỐỚỌỘỢǑ'],
  ['U', 'ÙÚÛÜŨŪŬŮŰŲƯỪỦỬỮỨỤỰǕǗǓǙǛ'],
  ['Y', 'ÝŶŸỲỶỸỴ'],
  ['TH', 'Þ'],
  ['s', 'ßśŝşšſș'],
  ['ae', 'æ'],
  ['c', 'çćĉċč'],
  ['e', 'èéêëēĕėęěềẻểẽễếẹệ'],
  ['i', 'ìíîïĩīĭįıỉịǐ'],
  ['d', 'ðďđ'],
  ['n', 'ñńņňŉŋ'],
  ['u', 'ùúûüũūŭůűųưừủửữứụựǖǘǔǚǜ'],
  ['y', 'ýÿŷỳỷỹỵ'],
  ['th', 'þ'],
  ['G', 'ĜĞĠĢ'],
  ['g', 'ĝğġģ'],
  ['H', 'ĤĦ'],
  ['h', 'ĥħ'],
  ['IJ', 'Ĳ'],
  ['ij', 'ĳ'],
  ['J', 'Ĵ'],
  ['j', 'ĵ'],
  ['K', 'Ķ'],
  ['k', 'ķĸ'],
  ['L', 'ĹĻĽĿŁ'],
  ['l', 'ĺļľŀł'],
  ['OE', 'Œ'],
  ['oe', 'œ'],
  ['R', 'ŔŖŘ'],
  ['r', 'ŕŗř'],
  ['S', 'ŚŜŞŠȘ'],
  ['T', 'ŢŤŦȚ'],
  ['t', 'ţťŧț'],
  ['W', 'Ŵ'],
  ['w', 'ŵ'],
  ['Z', 'ŹŻŽ'],
  ['z', 'źżž'],
  ['', '£'],
];

const MAP: ReadonlyMap<string, string> = new Map(GROUPS.flatMap(([to, from]) => [...from].map((char) => [char, to] as const)));

export function removeAccents(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  return [...text.normalize('NFC')].map((char) => MAP.get(char) ?? char).join('');
}
