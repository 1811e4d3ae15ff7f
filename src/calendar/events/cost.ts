import { isPhpNumeric, phpEmpty, phpTrim } from '../../php/builtins';
import { escHtml, sanitizeTitle } from '../../wp/text/formatting';

/**
 * Event cost as the plugin reads it (Tribe__Cost_Utils::parse_cost_range, get_formatted_event_cost, the REST
 * repository's cost values). Each `_EventCost` row is cut into price tokens ("optional `.`/`,`, digits, optional
 * `.`/`,`, digits"), so a list such as "0, 10, 20" gives the tokens "0,", "10," and "20". Tokens are keyed by their
 * value and sorted; the `cost` shown is then taken again from the tokens that are numbers as written, which a
 * token with a trailing separator is not: "0, 10, 20" shows "$20" only, and its values read "0.", "10.", "20".
 */

/** A PHP array key: a canonical decimal integer string becomes an integer. */
type Key = number | string;
interface Entry {
  key: Key;
  /** The token as written (`10,`, `6.50`, `Donation`). */
  text: string;
}

const TOKEN = /[,.]?(\d+)[,.]?(\d*)/g;

const arrayKey = (text: string): Key => (/^(0|-?[1-9]\d*)$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text);

/** PHP 8 comparison of keys (ksort, min, max): as numbers when both are numeric, as strings otherwise. */
function compareKeys(a: Key, b: Key): number {
  if (isPhpNumeric(a) && isPhpNumeric(b)) return Math.sign(Number(a) - Number(b));
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** number_format($value, $decimals) (rounding half away from zero) without its separators. */
function numberFormatDigits(value: number, decimals: number): string {
  const scale = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
  return rounded.toFixed(decimals).replace(/[.,]/g, '');
}

/**
 * parse_cost_range(): every token of the strings, keyed by its value (a later equal key replaces the text where the
 * first one stood), sorted by key unless `sort` is false.
 */
function parseCostRange(costs: readonly string[], sort = true): Entry[] {
  let decimals = 0;
  const tokens: string[] = [];
  for (const cost of costs) {
    const matches = [...cost.matchAll(TOKEN)];
    if (matches.length === 0) {
      tokens.push(cost);
      continue;
    }
    for (const m of matches) tokens.push(m[0]);
    decimals = Math.max(decimals, ...matches.map((m) => m[2]!.length));
  }
  const byKey = new Map<Key, string>();
  for (const token of tokens) {
    const numeric = token.replace(/[.,]/g, '.');
    byKey.set(arrayKey(isPhpNumeric(numeric) ? numberFormatDigits(Number(numeric), decimals) : sanitizeTitle(numeric)), token);
  }
  const entries = [...byKey].map(([key, text]) => ({ key, text }));
  return sort ? entries.sort((a, b) => compareKeys(a.key, b.key)) : entries;
}

/** get_event_costs(): the parsed tokens of every non-empty row; a key already seen in an earlier row is kept. */
function eventCosts(rows: ReadonlyArray<string | null>): Entry[] {
  const all = new Map<Key, string>();
  for (const row of rows) {
    if (row === null || row === '') continue;
    for (const { key, text } of parseCostRange([row])) if (!all.has(key)) all.set(key, text);
  }
  return [...all].map(([key, text]) => ({ key, text }));
}

/** get_cost_by_func(): a lone text price as is; else the cheapest or dearest token that is a number as written, or 0. */
function costBy(texts: readonly string[], pick: 'min' | 'max'): string | 0 {
  const parsed = parseCostRange(texts);
  if (parsed.length === 1 && !isPhpNumeric(parsed[0]!.text)) return parsed[0]!.text;
  const numeric = parsed.filter((e) => isPhpNumeric(e.text));
  if (numeric.length === 0) return 0;
  const chosen = numeric.reduce((best, e) => (pick === 'min' ? compareKeys(e.key, best.key) < 0 : compareKeys(e.key, best.key) > 0) ? e : best);
  return chosen.text === '' || chosen.text === '0' ? 0 : chosen.text;
}

/** maybe_replace_cost_with_free(): a number that rounds to 0.00 reads "Free". */
function freeOrCost(cost: string | 0): string {
  const withPeriod = String(cost).replace(/[.,]/g, '.');
  return isPhpNumeric(withPeriod) && numberFormatDigits(Number(withPeriod), 2) === '000' ? 'Free' : String(cost);
}

export interface CurrencySettings {
  /** `_EventCurrencySymbol`, or the site default. */
  symbol: string;
  /** `_EventCurrencyPosition`, or `suffix`/`prefix` from the site setting. */
  position: string;
}

/** maybe_format_with_currency(): only a number (separators aside) gets the symbol; any position but `prefix` appends it. */
function withCurrency(cost: string, currency: CurrencySettings): string {
  if (!isPhpNumeric(cost.replace(/[.,]/g, ''))) return cost;
  return currency.position === 'prefix' ? `${currency.symbol}${cost}` : `${cost}${currency.symbol}`;
}

/** PHP 8 `==` of two strings: numerically when both are numeric. */
const looseEqual = (a: string, b: string): boolean => (isPhpNumeric(a) && isPhpNumeric(b) ? Number(a) === Number(b) : a === b);

/**
 * The `cost` string (tribe_get_cost()): min and max as above, "Free" for zero, with the currency symbol when given,
 * HTML-escaped; one value, or "min – max" with an en dash.
 */
export function formatCost(rows: ReadonlyArray<string | null>, currency?: CurrencySettings): string {
  const texts = eventCosts(rows).map((e) => e.text);
  if (texts.length === 0) return '';
  const [min, max] = (['min', 'max'] as const).map((pick) => {
    const cost = freeOrCost(costBy(texts, pick));
    return escHtml(currency ? withCurrency(cost, currency) : cost);
  }) as [string, string];
  return looseEqual(min, max) ? min : `${min} \u2013 ${max}`;
}

/** Decimal and thousands separators of a price as parse_separators() guesses them (locale en: `.` and `,`). */
function separators(text: string): { decimal: string; thousands: string } {
  const runs = text.match(/[.,]+/g) ?? [];
  if (runs.length === 0) return { decimal: '.', thousands: ',' };
  const last = runs[runs.length - 1]!;
  if (new Set(runs).size > 1) return { decimal: last, thousands: runs[0]! };
  // A lone kind of separator followed by exactly three digits is taken as the locale's thousands separator.
  if (text.split(last).pop()!.length === 3) return { decimal: '.', thousands: ',' };
  return { decimal: last, thousands: last === '.' ? ',' : '.' };
}

/** PHP's numeric reading of a string for SORT_NUMERIC: its leading number, or 0. */
const leadingNumber = (text: string): number => {
  const n = parseFloat(text);
  return Number.isFinite(n) ? n : 0;
};

/** `cost_details.values`: each token with its separators normalised (or its key when that is no number), by value. */
export function costValues(rows: ReadonlyArray<string | null>): string[] {
  const values = eventCosts(rows).map(({ key, text }) => {
    const { decimal, thousands } = separators(text);
    const normalised = text.split(thousands).join('').split(decimal).join('.');
    return isPhpNumeric(normalised) ? normalised : String(key);
  });
  return values.sort((a, b) => leadingNumber(a) - leadingNumber(b));
}

/** A cost as the plugin's parsers take it: a PHP array of costs, or a string cut at its commas. */
type CostList = { at(i: number): string | undefined; values: string[] };

function costList(cost: unknown): CostList {
  if (Array.isArray(cost)) return { at: (i) => (i < cost.length ? String(cost[i]) : undefined), values: cost.map(String) };
  if (cost !== null && typeof cost === 'object') {
    const map = cost as Record<string, unknown>;
    return { at: (i) => (String(i) in map ? String(map[String(i)]) : undefined), values: Object.values(map).map(String) };
  }
  const parts = String(cost).split(/[ \t\n\r\v\f]*,[ \t\n\r\v\f]*/);
  return { at: (i) => parts[i], values: parts };
}

/**
 * Tribe__Cost_Utils::parse_currency_symbol(): the text left around each number once that number is taken out of the
 * cost of the same position in the comma-separated list (the tokens and the list's parts are paired by their order,
 * so a range such as "10-20" pairs "20" with no part and finds no symbol), when every one of them is the same.
 * False for an empty() cost or when they differ; "" when the numbers stand alone.
 */
export function parseCurrencySymbol(cost: unknown): string | false {
  if (phpEmpty(cost)) return false;
  const list = costList(cost);
  const entries = parseCostRange(list.values, false);
  if (entries.length === 0) return false;
  const symbols: string[] = [];
  entries.forEach(({ key, text }, i) => {
    if (symbols.length > 0 && symbols[symbols.length - 1] !== symbols[0]) return;
    if (!isPhpNumeric(key)) return;
    const part = list.at(i) ?? '';
    symbols.push(phpTrim(text === '' ? part : part.split(text).join('')));
  });
  if (symbols.length === 0) return false;
  return symbols[symbols.length - 1] === symbols[0] ? symbols[0]! : false;
}

/** Tribe__Cost_Utils::parse_currency_position(): `prefix` or `postfix`, the same for every part holding the symbol. */
export function parseCurrencyPosition(cost: unknown): 'prefix' | 'postfix' | false {
  if (phpEmpty(cost)) return false;
  const list = costList(cost);
  const symbol = parseCurrencySymbol(list.values);
  if (symbol === false || phpEmpty(symbol)) return false;
  let found: 'prefix' | 'postfix' | undefined;
  for (const part of list.values) {
    const at = phpTrim(part).indexOf(symbol);
    if (at < 0) continue;
    const position = at === 0 ? 'prefix' : 'postfix';
    if (found && found !== position) return false;
    found = position;
  }
  return found ?? false;
}
