import { isDeepStrictEqual } from 'node:util';

/**
 * The places where two JSON values differ, one line each (`rows.#4.meta._EventCost.0: "a" ≠ expected "b"`): a
 * failing comparison of large recorded structures then names what differs instead of printing both whole.
 */
export function pathDiff(actual: unknown, expected: unknown, path = ''): string[] {
  if (isDeepStrictEqual(actual, expected)) return [];
  const bothObjects = actual !== null && expected !== null && typeof actual === 'object' && typeof expected === 'object' && Array.isArray(actual) === Array.isArray(expected);
  if (!bothObjects) return [`${path || '.'}: ${JSON.stringify(actual)} ≠ expected ${JSON.stringify(expected)}`];
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])];
  return keys.flatMap((key) => pathDiff(a[key], e[key], path ? `${path}.${key}` : key));
}
