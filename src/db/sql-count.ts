/**
 * Numbers from requests that reach SQL as LIMIT, OFFSET or ids must be integers the database accepts: JavaScript
 * writes 2^70 as `1.1805916207174113e+21` and ∞ as `Infinity`, which MySQL's LIMIT rejects as a syntax error.
 * Beyond Number.MAX_SAFE_INTEGER no page and no id can exist, so clamping there changes no answer.
 */
export function sqlCount(n: number): number {
  if (Number.isNaN(n) || n <= 0) return 0;
  return Math.min(Math.trunc(n), Number.MAX_SAFE_INTEGER);
}
