import { createHash, createHmac } from 'node:crypto';
import bcrypt from 'bcryptjs';
import {
  checkApplicationPassword,
  generatePassword,
  hashApplicationPassword,
  phpassCheck,
  phpassHash,
  wpCheckPassword,
  wpFastHash,
  wpHashPassword,
  wpVerifyFastHash,
} from '../../src/auth/password-hashes';

/**
 * Every hash format WordPress has stored, checked against published vectors where they exist: the
 * `$generic$` hash recorded with PHP 8.2 + WordPress 6.9 (wp_fast_hash()), phpass's own test vector
 * (class-phpass.php's upstream test.php), PHP's manual example for password_verify, and RFC 1321's MD5.
 */

describe('wp_fast_hash ($generic$, application passwords since 6.8)', () => {
  const PASSWORD = 'abcdEFGH1234ijklMNOP5678';
  const HASH = '$generic$F6W18u0QEytvRVb59DemVWRxyTxU6vg_VK0s_f-h';

  it('reproduces the PHP output byte for byte', () => {
    expect(wpFastHash(PASSWORD)).toBe(HASH);
    expect(hashApplicationPassword(PASSWORD)).toHaveLength(49);
  });

  it('verifies the right password only', () => {
    expect(wpVerifyFastHash(PASSWORD, HASH)).toBe(true);
    expect(checkApplicationPassword(PASSWORD, HASH)).toBe(true);
    expect(checkApplicationPassword('abcdEFGH1234ijklMNOP5679', HASH)).toBe(false);
    expect(checkApplicationPassword(PASSWORD.toLowerCase(), HASH)).toBe(false);
    expect(checkApplicationPassword(PASSWORD, HASH.slice(0, -1))).toBe(false);
    expect(checkApplicationPassword(PASSWORD, `${HASH}A`)).toBe(false);
  });
});

describe('phpass portable ($P$, application and login passwords before 6.8)', () => {
  // phpass's published test vector: a correct portable hash for "test12345" (8 = 2^11 iterations).
  const PHPASS_VECTOR = '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0';

  it('verifies the published vector', () => {
    expect(phpassCheck('test12345', PHPASS_VECTOR)).toBe(true);
    expect(phpassCheck('test12346', PHPASS_VECTOR)).toBe(false);
    expect(wpCheckPassword('test12345', PHPASS_VECTOR)).toBe(true);
    expect(checkApplicationPassword('test12345', PHPASS_VECTOR)).toBe(true);
    expect(wpVerifyFastHash('test12345', PHPASS_VECTOR)).toBe(true);
  });

  it('hashes as WordPress did ($P$B: 8192 iterations) and round-trips', () => {
    const hash = phpassHash('Secret4Ever');
    expect(hash).toMatch(/^\$P\$B[./0-9A-Za-z]{30}$/);
    expect(checkApplicationPassword('Secret4Ever', hash)).toBe(true);
    expect(checkApplicationPassword('Secret4ever', hash)).toBe(false);
  });

  it.each([
    ['an iteration count below 2^7', '$P$4IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0'],
    ['an iteration count above 2^30', '$P$VIQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0'],
    ['a truncated salt', '$P$9IQRa'],
  ])('rejects %s', (_label, hash) => {
    expect(phpassCheck('test12345', hash)).toBe(false);
  });

  it('refuses passwords over 4096 bytes', () => {
    const long = 'a'.repeat(4097);
    const hash = phpassHash('a'.repeat(4096));
    expect(phpassCheck('a'.repeat(4096), hash)).toBe(true);
    expect(phpassCheck(long, hash)).toBe(false);
  });
});

describe('wp_check_password formats', () => {
  it('$wp$2y$: bcrypt over base64(HMAC-SHA384(wp-sha384, password)) (6.8+)', () => {
    const hash = wpHashPassword('correct horse');
    expect(hash).toMatch(/^\$wp\$2y\$10\$[./A-Za-z0-9]{53}$/);
    // Independently: the bcrypt part is PHP's $2y$ over the pre-hash.
    const preHash = createHmac('sha384', 'wp-sha384').update('correct horse').digest('base64');
    expect(bcrypt.compareSync(preHash, hash.slice(3).replace('$2y$', '$2b$'))).toBe(true);
    expect(wpCheckPassword('correct horse', hash)).toBe(true);
    expect(wpCheckPassword('correct horse ', hash)).toBe(false);
    expect(checkApplicationPassword('correct horse', hash)).toBe(true);
  });

  it('plain bcrypt through password_verify (PHP manual example)', () => {
    const hash = '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a';
    expect(wpCheckPassword('rasmuslerdorf', hash)).toBe(true);
    expect(wpCheckPassword('rasmuslerdorF', hash)).toBe(false);
    expect(checkApplicationPassword('rasmuslerdorf', hash)).toBe(true);
  });

  it('32-hex MD5 (ancient)', () => {
    expect(createHash('md5').update('password').digest('hex')).toBe('5f4dcc3b5aa765d61d8327deb882cf99');
    expect(wpCheckPassword('password', '5f4dcc3b5aa765d61d8327deb882cf99')).toBe(true);
    expect(wpCheckPassword('Password', '5f4dcc3b5aa765d61d8327deb882cf99')).toBe(false);
    expect(checkApplicationPassword('password', '5f4dcc3b5aa765d61d8327deb882cf99')).toBe(true);
  });

  it('anything else never matches', () => {
    expect(wpCheckPassword('x', '$argon2id$v=19$m=65536,t=4,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG')).toBe(false);
    expect(wpCheckPassword('', '')).toBe(false);
    expect(checkApplicationPassword('anything', '*')).toBe(false);
  });
});

describe('wp_generate_password($n, false)', () => {
  it('draws letters and digits only', () => {
    const passwords = Array.from({ length: 50 }, () => generatePassword(24));
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(new Set(passwords).size).toBe(50);
  });
});
