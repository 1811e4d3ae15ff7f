import { phpUnserialize } from '../../src/php/php-serialize';
import { nextIntegerKey, readSerializedArray, setSerializedEntry, writeSerializedArray } from '../../src/php/php-serialized-array';

/** Editing one entry of a serialized array leaves every other byte as it was written. */

describe('readSerializedArray', () => {
  it('splits the top level, keeping each entry’s text (string lengths count UTF-8 bytes)', () => {
    const text = 'a:3:{i:1;s:6:"héllo";s:1:"k";a:1:{i:0;d:0.1;}i:7;O:8:"stdClass":1:{s:1:"a";N;}}';
    const entries = readSerializedArray(text);
    expect(entries).toEqual([
      { key: 1, keyText: 'i:1;', valueText: 's:6:"héllo";' },
      { key: 'k', keyText: 's:1:"k";', valueText: 'a:1:{i:0;d:0.1;}' },
      { key: 7, keyText: 'i:7;', valueText: 'O:8:"stdClass":1:{s:1:"a";N;}' },
    ]);
    expect(writeSerializedArray(entries!)).toBe(text);
  });

  it.each([
    ['not an array', 's:3:"abc";'],
    ['a wrong byte length', 'a:1:{i:0;s:9:"abc";}'],
    ['a wrong count', 'a:2:{i:0;N;}'],
    ['trailing bytes', 'a:0:{}x'],
    ['a truncated value', 'a:1:{i:0;s:3:"ab'],
    ['an empty string', ''],
  ])('returns null for %s', (_label, text) => {
    expect(readSerializedArray(text)).toBeNull();
  });
});

describe('setSerializedEntry', () => {
  it('changes one entry and leaves the others byte-identical, including odd encodings', () => {
    // d:1.0 and a quoted-looking string are not what a re-serialization would write; they must survive.
    const text = 'a:3:{i:0;d:1.0;i:2;s:4:"a"b;";i:5;i:9;}';
    const changed = writeSerializedArray(setSerializedEntry(readSerializedArray(text)!, 2, 'new'));
    expect(changed).toBe('a:3:{i:0;d:1.0;i:2;s:3:"new";i:5;i:9;}');
    expect(phpUnserialize(changed)).toBeTruthy();
  });

  it('appends a new key at the end, as PHP does', () => {
    const entries = readSerializedArray('a:1:{s:4:"name";s:1:"x";}')!;
    expect(writeSerializedArray(setSerializedEntry(entries, 'uuid', 'u'))).toBe('a:2:{s:4:"name";s:1:"x";s:4:"uuid";s:1:"u";}');
    expect(writeSerializedArray(setSerializedEntry(entries, '12', null))).toBe('a:2:{s:4:"name";s:1:"x";i:12;N;}');
  });

  it('computes the next integer key the way $array[] does after unset()', () => {
    expect(nextIntegerKey(readSerializedArray('a:2:{i:1;N;i:3;N;}')!)).toBe(4);
    expect(nextIntegerKey([])).toBe(0);
    expect(nextIntegerKey(readSerializedArray('a:1:{s:1:"a";N;}')!)).toBe(0);
  });
});
