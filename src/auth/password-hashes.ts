import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { blake2b } from 'blakejs';

/**
 * Every password hash format WordPress has written, checked the way WordPress checks it (wp_check_password()):
 * wp_fast_hash / wp_verify_fast_hash (`$generic$`, application passwords since 6.8), wp_hash_password /
 * wp_check_password (`$wp$2y$` since 6.8, phpass `$P$` before, 32-hex MD5 long before, other password_hash()
 * output such as plain bcrypt). Every comparison of a computed hash with a stored one is constant-time.
 */

/** hash_equals(): constant-time for equal lengths; a length mismatch answers false at once, as PHP does. */
function hashEquals(known: string, user: string): boolean {
  const a = Buffer.from(known, 'utf8');
  const b = Buffer.from(user, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

// --- wp_fast_hash ($generic$) ------------------------------------------------------------------------------

const FAST_HASH_PREFIX = '$generic$';
/** sodium_crypto_generichash($message, 'wp_fast_hash_6.8+', 30): keyed BLAKE2b, 30-byte output. */
const FAST_HASH_KEY = Buffer.from('wp_fast_hash_6.8+', 'ascii');
const FAST_HASH_BYTES = 30;

export function wpFastHash(message: string): string {
  const digest = blake2b(Buffer.from(message, 'utf8'), FAST_HASH_KEY, FAST_HASH_BYTES);
  return FAST_HASH_PREFIX + Buffer.from(digest).toString('base64url');
}

/** wp_verify_fast_hash(): `$generic$` recomputed and compared; anything else is taken as a phpass hash. */
export function wpVerifyFastHash(message: string, hash: string): boolean {
  if (!hash.startsWith(FAST_HASH_PREFIX)) return phpassCheck(message, hash);
  return hashEquals(hash, wpFastHash(message));
}

// --- phpass portable ($P$) ---------------------------------------------------------------------------------

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const MAX_PASSWORD_BYTES = 4096;

/** PasswordHash::encode64: little-endian 6-bit groups over the phpass alphabet. */
function encode64(input: Buffer, count: number): string {
  let output = '';
  let i = 0;
  do {
    let value = input[i++]!;
    output += ITOA64[value & 0x3f];
    if (i < count) value |= input[i]! << 8;
    output += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= count) break;
    if (i < count) value |= input[i]! << 16;
    output += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= count) break;
    output += ITOA64[(value >> 18) & 0x3f];
  } while (i < count);
  return output;
}

/** PasswordHash::crypt_private; null where phpass answers its `*0`/`*1` failure marker. */
function phpassCryptPrivate(password: string, setting: string): string | null {
  const id = setting.slice(0, 3);
  if (id !== '$P$' && id !== '$H$') return null;
  const countLog2 = ITOA64.indexOf(setting[3] ?? '');
  if (countLog2 < 7 || countLog2 > 30) return null;
  const salt = setting.slice(4, 12);
  if (salt.length !== 8) return null;
  const pw = Buffer.from(password, 'utf8');
  let hash = createHash('md5').update(Buffer.concat([Buffer.from(salt, 'utf8'), pw])).digest();
  for (let count = 2 ** countLog2; count > 0; count--) hash = createHash('md5').update(Buffer.concat([hash, pw])).digest();
  return setting.slice(0, 12) + encode64(hash, 16);
}

/** PasswordHash::CheckPassword (portable hashes only: WordPress never lets phpass fall back to crypt()). */
export function phpassCheck(password: string, stored: string): boolean {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false;
  const computed = phpassCryptPrivate(password, stored);
  return computed !== null && hashEquals(stored, computed);
}

/** PasswordHash::HashPassword in portable mode with WordPress's 2^13 iterations (`$P$B…`). */
export function phpassHash(password: string): string {
  const salt = Array.from({ length: 8 }, () => ITOA64[randomInt(64)]).join('');
  return phpassCryptPrivate(password, `$P$B${salt}`)!;
}

// --- bcrypt (password_verify / password_hash) --------------------------------------------------------------

/** PHP's bcrypt ids; `$2y$` is the same algorithm as `$2b$` and `$2a$` for UTF-8 input. */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
/** PHP's default cost before 8.4 (12 since), which WordPress does not change. */
const BCRYPT_COST = 10;

/**
 * password_verify() for the hashes this service can check: bcrypt. Argon2 hashes (possible only when a site
 * filtered wp_hash_password_algorithm) and crypt() formats are not supported and never match.
 */
function passwordVerify(password: string, hash: string): boolean {
  if (!BCRYPT.test(hash)) return false;
  return bcrypt.compareSync(password, hash.replace(/^\$2y\$/, '$2b$'));
}

function passwordHashBcrypt(password: string): string {
  return bcrypt.hashSync(password, BCRYPT_COST).replace(/^\$2b\$/, '$2y$');
}

/** wp_hash_password's bcrypt input: base64(HMAC-SHA384(key 'wp-sha384', password)). */
const wpPreHash = (password: string): string => createHmac('sha384', 'wp-sha384').update(password, 'utf8').digest('base64');

/** wp_hash_password() as of 6.8: `$wp` + bcrypt of the pre-hashed, trimmed password. */
export function wpHashPassword(password: string): string {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return '*';
  return `$wp${passwordHashBcrypt(wpPreHash(password.trim()))}`;
}

/** wp_check_password(): MD5, then the 4096-byte limit, then `$wp`, `$P$`, and password_verify for the rest. */
export function wpCheckPassword(password: string, hash: string): boolean {
  if (Buffer.byteLength(hash, 'utf8') <= 32) return hashEquals(hash, createHash('md5').update(password, 'utf8').digest('hex'));
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false;
  if (hash.startsWith('$wp')) return passwordVerify(wpPreHash(password), hash.slice(3));
  if (hash.startsWith('$P$')) return phpassCheck(password, hash);
  return passwordVerify(password, hash);
}

// --- application passwords ---------------------------------------------------------------------------------

/** WP_Application_Passwords::hash_password (6.8+). */
export const hashApplicationPassword = wpFastHash;

/**
 * WP_Application_Passwords::check_password: `$generic$` hashes by wp_verify_fast_hash, everything written
 * before 6.8 (phpass, or whatever wp_hash_password produced) by wp_check_password.
 */
export function checkApplicationPassword(password: string, hash: string): boolean {
  if (!hash.startsWith(FAST_HASH_PREFIX)) return wpCheckPassword(password, hash);
  return wpVerifyFastHash(password, hash);
}

const PASSWORD_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** wp_generate_password($length, false): letters and digits from a CSPRNG. */
export function generatePassword(length: number): string {
  return Array.from({ length }, () => PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)]).join('');
}
