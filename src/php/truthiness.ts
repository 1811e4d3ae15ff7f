/**
 * How PHP code reads a stored string as a yes/no: the two rules the plugin's values go through.
 */

/** tribe_is_truthy(): the strings TEC treats as "yes" (booleans and numbers as PHP casts them). */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value !== 'string') return false;
  return ['1', 'yes', 'true', 'on', 'y', 'enable', 'enabled'].includes(value.trim().toLowerCase());
}

/** A stored meta value as PHP's (bool) cast reads it; `absent` when the post has no row of the key. */
export const phpBool = (value: string | null | undefined, absent: boolean): boolean => (value === undefined ? absent : value !== null && value !== '' && value !== '0');
