import { parseBasicAuthorization, phpBase64Decode, stripApplicationPassword } from '../../src/auth/basic-auth';

/** PHP_AUTH_USER / PHP_AUTH_PW as PHP derives them from the Authorization header. */

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('parseBasicAuthorization', () => {
  it.each([
    ['a plain pair', `Basic ${b64('alice:pw')}`, { user: 'alice', password: 'pw' }],
    ['a case-insensitive scheme', `bAsIc ${b64('alice:pw')}`, { user: 'alice', password: 'pw' }],
    ['a split at the first colon only', `Basic ${b64('alice:a:b:c')}`, { user: 'alice', password: 'a:b:c' }],
    ['a password of one space', `Basic ${b64('alice: ')}`, { user: 'alice', password: ' ' }],
    ['a password of 0', `Basic ${b64('alice:0')}`, { user: 'alice', password: '0' }],
    ['an empty user', `Basic ${b64(':pw')}`, { user: '', password: 'pw' }],
    ['UTF-8', `Basic ${b64('zoë:pässwörd')}`, { user: 'zoë', password: 'pässwörd' }],
    ['base64 without padding', `Basic ${b64('ab:c').replace(/=+$/, '')}`, { user: 'ab', password: 'c' }],
    ['junk characters skipped by the lenient decoder', `Basic ${b64('alice:pw').replace(/(.{3})/, '$1!*')}`, { user: 'alice', password: 'pw' }],
    ['a password cut at a NUL byte', `Basic ${b64('alice:pw\0rest')}`, { user: 'alice', password: 'pw' }],
  ])('%s', (_label, header, expected) => {
    expect(parseBasicAuthorization(header)).toEqual(expected);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another scheme', `Bearer ${b64('alice:pw')}`],
    ['no space after the scheme', `Basic${b64('alice:pw')}`],
    ['nothing after the scheme', 'Basic '],
    ['no colon', `Basic ${b64('alice')}`],
    ['a NUL before the colon', `Basic ${b64('ali\0ce:pw')}`],
    ['an empty password', `Basic ${b64('alice:')}`],
    ['a password cut to nothing at a NUL byte', `Basic ${b64('alice:\0pw')}`],
    ['an empty user and password', `Basic ${b64(':')}`],
  ])('%s gives no credentials', (_label, header) => {
    expect(parseBasicAuthorization(header)).toBeNull();
  });

  it('decodes base64 the way php_base64_decode does in non-strict mode', () => {
    expect(phpBase64Decode('YWJj').toString()).toBe('abc');
    expect(phpBase64Decode('Y W\nJ j').toString()).toBe('abc');
    // `=` is skipped wherever it appears, like any other character outside the alphabet.
    expect(phpBase64Decode('YQ==YWJj')).toEqual(phpBase64Decode('YQYWJj'));
    expect(phpBase64Decode('YWJjZA')).toEqual(Buffer.from('abcd'));
  });
});

describe('stripApplicationPassword', () => {
  it('keeps only ASCII letters and digits', () => {
    expect(stripApplicationPassword('abcd efgh-ijkl_mnop.qrst\tuvwx')).toBe('abcdefghijklmnopqrstuvwx');
    expect(stripApplicationPassword('ÄbC1 ✓')).toBe('bC1');
  });
});
