import { isSerialized, maybeSerialize, maybeUnserialize, phpSerialize, phpUnserialize } from '../../src/php/php-serialize';

describe('PHP serialization as WordPress stores it', () => {
  it('serializes like PHP: UTF-8 byte lengths, integer keys, bools, null, floats', () => {
    expect(phpSerialize({ a: [1, 2], b: 'héllo', c: true, d: null, e: 1.5 })).toBe(
      'a:5:{s:1:"a";a:2:{i:0;i:1;i:1;i:2;}s:1:"b";s:6:"héllo";s:1:"c";b:1;s:1:"d";N;s:1:"e";d:1.5;}',
    );
    expect(phpSerialize({ '1': 'x', '5': 'y', name: 'z' })).toBe('a:3:{i:1;s:1:"x";i:5;s:1:"y";s:4:"name";s:1:"z";}');
    expect(phpSerialize({ administrator: true })).toBe('a:1:{s:13:"administrator";b:1;}');
  });

  it('reads WordPress rows, keeping gaps in integer keys and reading objects as maps', () => {
    expect(phpUnserialize('a:2:{i:1;s:1:"x";i:3;a:1:{s:1:"k";b:1;}}')).toEqual({ '1': 'x', '3': { k: true } });
    expect(phpUnserialize('O:8:"stdClass":1:{s:1:"a";i:1;}')).toEqual({ a: 1 });
    expect(phpUnserialize('a:1:{i:0;s:2:"é";}')).toEqual(['é']);
    expect(phpUnserialize('s:5:"broken";')).toBe(false);
  });

  it('recognises serialized strings as is_serialized() does', () => {
    for (const yes of ['N;', 'b:1;', 'i:-5;', 'd:0.1;', 's:1:"a";', 'a:0:{}', 'O:8:"stdClass":0:{}']) expect(isSerialized(yes)).toBe(true);
    for (const no of ['', 'hello', 'a:b', 's:1:"a"', 'i:x;', '1']) expect(isSerialized(no)).toBe(false);
  });

  it('maybe_serialize: false → "", true → "1", arrays serialized, serialized strings serialized again', () => {
    expect(maybeSerialize(false)).toBe('');
    expect(maybeSerialize(true)).toBe('1');
    expect(maybeSerialize(5)).toBe('5');
    expect(maybeSerialize(null)).toBeNull();
    expect(maybeSerialize(['a'])).toBe('a:1:{i:0;s:1:"a";}');
    expect(maybeSerialize('a:0:{}')).toBe('s:6:"a:0:{}";');
    expect(maybeUnserialize('s:6:"a:0:{}";')).toBe('a:0:{}');
    expect(maybeUnserialize('plain')).toBe('plain');
    expect(maybeUnserialize(null)).toBeNull();
  });
});
