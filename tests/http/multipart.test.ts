import { isMultipartContentType, parseMultipart } from '../../src/http/multipart';

/** multipart/form-data read as PHP fills $_POST and $_FILES (src/http/multipart.ts). */

const part = (headers: string, body: string | Buffer) => Buffer.concat([Buffer.from(`${headers}\r\n\r\n`), Buffer.isBuffer(body) ? body : Buffer.from(body), Buffer.from('\r\n')]);
const form = (boundary: string, parts: Buffer[], close = true) =>
  Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from(`--${boundary}\r\n`), p])), Buffer.from(close ? `--${boundary}--\r\n` : '')]);

describe('parseMultipart', () => {
  it('reads fields and files, the bytes of a file kept as sent (CRLF inside included)', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xd9]);
    const body = form('XyZ', [
      part('Content-Disposition: form-data; name="title"', 'A title'),
      part('Content-Disposition: form-data; name="file"; filename="poster one.jpg"\r\nContent-Type: image/jpeg', bytes),
      part('Content-Disposition: form-data; name="alt_text"', 'line 1\r\nline 2'),
    ]);
    const parsed = parseMultipart(body, 'multipart/form-data; boundary=XyZ');
    expect(parsed.fields).toEqual([
      ['title', 'A title'],
      ['alt_text', 'line 1\r\nline 2'],
    ]);
    expect(Object.keys(parsed.files)).toEqual(['file']);
    expect(parsed.files.file).toMatchObject({ name: 'poster one.jpg', type: 'image/jpeg' });
    expect(parsed.files.file!.data.equals(bytes)).toBe(true);
  });

  it('takes a quoted boundary, keeps the first file of a name, and a file part without type', () => {
    const body = form('a b', [
      part('Content-Disposition: form-data; name="file"; filename="one.txt"', 'one'),
      part('Content-Disposition: form-data; name="file"; filename="two.txt"', 'two'),
    ]);
    const parsed = parseMultipart(body, 'multipart/form-data; boundary="a b"');
    expect(parsed.files.file).toMatchObject({ name: 'one.txt', type: '' });
    expect(parsed.files.file!.data.toString()).toBe('one');
  });

  it('keeps the parts before a body cut short, and nothing without a boundary', () => {
    const whole = form('B', [part('Content-Disposition: form-data; name="a"', '1'), part('Content-Disposition: form-data; name="b"', '2')]);
    const cut = whole.subarray(0, whole.indexOf('name="b"') + 12);
    expect(parseMultipart(cut, 'multipart/form-data; boundary=B').fields).toEqual([['a', '1']]);
    expect(parseMultipart(whole, 'multipart/form-data')).toEqual({ fields: [], files: {} });
  });

  it('knows the content type', () => {
    expect([isMultipartContentType('multipart/form-data; boundary=x'), isMultipartContentType('Multipart/Form-Data'), isMultipartContentType('application/json'), isMultipartContentType(undefined)]).toEqual([true, true, false, false]);
  });
});
