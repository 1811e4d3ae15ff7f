import { escHtml, sanitizeTitle } from '../../wp/text/formatting';

/**
 * Event cost as the plugin formats and parses it (Tribe__Events__Cost_Utils, tribe_get_cost()): every `_EventCost` row
 * is split into prices, the cheapest and dearest are formatted with the currency symbol, 0 reads "Free".
 */

/** "optional . or , — digits — optional . or , — digits": each match is one price. */
const PRICE = /[.,]?\d+(?:[.,]\d+)?/g;

interface Price {
  /** The text as written (`6.50`, `1,000`, `Donation`). */
  text: string;
  /** Numeric value with separators normalised, or null for text prices. */
  value: number | null;
  /** The normalised value as the plugin lists it in cost_details.values. */
  key: string;
}

/** Decides which separator is decimal: the last of two kinds, or a lone one unless 3 digits follow (locale en). */
function normalise(token: string): string {
  const hasDot = token.includes('.');
  const hasComma = token.includes(',');
  if (hasDot && hasComma) {
    const decimal = token.lastIndexOf('.') > token.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    return token.split(thousands).join('').replace(decimal, '.');
  }
  if (hasComma) {
    // With an English locale a comma followed by exactly three digits groups thousands.
    return /,\d{3}$/.test(token) ? token.replace(/,/g, '') : token.replace(',', '.');
  }
  return token;
}

export function parsePrices(rows: ReadonlyArray<string | null>): Price[] {
  const prices: Price[] = [];
  for (const row of rows) {
    if (!row || !row.trim()) continue;
    const tokens = row.match(PRICE);
    if (!tokens) {
      prices.push({ text: row.trim(), value: null, key: sanitizeTitle(row.trim()) });
      continue;
    }
    for (const token of tokens) {
      const key = normalise(token).replace(/^\./, '0.');
      prices.push({ text: token, value: Number(key), key });
    }
  }
  // Numeric prices sort by value; text prices after them, by their key.
  return prices.sort((a, b) => {
    if (a.value !== null && b.value !== null) return a.value - b.value;
    if (a.value !== null) return -1;
    if (b.value !== null) return 1;
    return a.key.localeCompare(b.key);
  });
}

export interface CurrencySettings {
  /** `_EventCurrencySymbol`, or the site default. */
  symbol: string;
  /** `_EventCurrencyPosition`, or `suffix`/`prefix` from the site setting. */
  position: string;
}

function formatPrice(price: Price, currency: CurrencySettings): string {
  if (price.value === null) return price.text;
  if (price.value === 0) return 'Free';
  if (!/^\d+$/.test(price.text.replace(/[.,]/g, ''))) return price.text;
  // Any position other than `prefix` appends the symbol.
  return currency.position === 'prefix' ? `${currency.symbol}${price.text}` : `${price.text}${currency.symbol}`;
}

/** The `cost` string: one value, or "min – max" with an en dash; HTML-escaped. */
export function formatCost(rows: ReadonlyArray<string | null>, currency: CurrencySettings): string {
  const prices = parsePrices(rows);
  if (prices.length === 0) return '';
  const min = formatPrice(prices[0]!, currency);
  const max = formatPrice(prices[prices.length - 1]!, currency);
  return escHtml(min === max ? min : `${min} \u2013 ${max}`);
}

/** `cost_details.values`: every parsed price as a string, cheapest first. */
export function costValues(rows: ReadonlyArray<string | null>): string[] {
  return parsePrices(rows).map((p) => p.key);
}

/**
 * The currency symbol and position a cost was written with: the text around the number, when every
 * numeric part agrees (`$20` → `$`/prefix, `20$` → `$`/postfix). Undefined when there is none.
 */
export function parseCurrency(cost: string | readonly string[]): { symbol: string; position: 'prefix' | 'postfix' } | undefined {
  const parts = (typeof cost === 'string' ? cost.split(',') : [...cost]).map((p) => p.trim()).filter(Boolean);
  let found: { symbol: string; position: 'prefix' | 'postfix' } | undefined;
  for (const part of parts) {
    const match = /[.,]?\d+(?:[.,]\d+)*/.exec(part);
    if (!match) continue;
    const symbol = (part.slice(0, match.index) + part.slice(match.index + match[0].length)).trim();
    // A second number beside the first (`10-20`, `$10 - $20`) is a range, not a currency: nothing is stored.
    if (!symbol || /\d/.test(symbol)) return undefined;
    const position = part.trimStart().startsWith(symbol) ? 'prefix' : 'postfix';
    if (found && (found.symbol !== symbol || found.position !== position)) return undefined;
    found = { symbol, position };
  }
  return found;
}
