import { phpIntval } from '../../src/php/builtins';

/** PHP 8's intval() / (int) cast, as `php -r 'var_dump((int) …);'` prints it. */
describe('phpIntval', () => {
  it.each([
    ['12', 12],
    ['12abc', 12],
    [' \t9', 9],
    ['9 ', 9],
    ['+3', 3],
    ['-5', -5],
    ['7.9', 7],
    ['-7.9', -7],
    ['.5', 0],
    ['1e2', 100],
    ['1.5e1x', 15],
    ['abc', 0],
    ['', 0],
    ['0x1A', 0],
  ])('reads the string %p as %p', (value, expected) => {
    expect(phpIntval(value)).toBe(expected);
  });

  it.each([
    [7.9, 7],
    [-7.9, -7],
    [true, 1],
    [false, 0],
    [null, 0],
    [[], 0],
    [[0], 1],
    [{}, 0],
    [{ a: 1 }, 1],
  ])('casts %p to %p', (value, expected) => {
    expect(phpIntval(value)).toBe(expected);
  });
});
