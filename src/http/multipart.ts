/**
 * multipart/form-data (RFC 7578) as PHP reads it into $_POST and $_FILES: each part with a `filename` in its
 * Content-Disposition is a file (its name, its declared type and its bytes), every other part a form field whose
 * name follows PHP's form decoding (`a[b]`, `a[]`). The body is already in memory (express.raw with the server's
 * body limit), so the parser works on one Buffer; a malformed body yields what PHP would make of it: the parts
 * before the fault.
 */

export interface UploadedFile {
  /** The file name the client gave, as sent (PHP's $_FILES[...]['name']). */
  name: string;
  /** The part's Content-Type, or '' when none was sent. */
  type: string;
  data: Buffer;
}

export interface MultipartForm {
  /** `name=value` pairs of the non-file parts, in order (the caller decodes the names PHP's way). */
  fields: Array<[string, string]>;
  files: Record<string, UploadedFile>;
}

export function isMultipartContentType(contentType: string | undefined): boolean {
  return !!contentType && contentType.split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';
}

/** The boundary parameter of a multipart Content-Type, quoted or not. */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** A Content-Disposition parameter (`name`, `filename`), quoted or not. */
function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(disposition);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartForm {
  const form: MultipartForm = { fields: [], files: {} };
  const boundary = boundaryOf(contentType);
  if (!boundary) return form;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    // `--boundary--` closes the body.
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const headerEnd = body.indexOf('\r\n\r\n', afterDelimiter);
    if (headerEnd < 0) break;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) break;
    const headers = headersOf(body.subarray(afterDelimiter, headerEnd).toString('utf8'));
    const content = body.subarray(headerEnd + 4, next);
    const disposition = headers['content-disposition'] ?? '';
    const name = dispositionParam(disposition, 'name');
    const filename = dispositionParam(disposition, 'filename');
    if (name !== undefined && name !== '') {
      // PHP keeps the first file of a name and the last value of a plain field.
      if (filename !== undefined) form.files[name] ??= { name: filename, type: headers['content-type'] ?? '', data: Buffer.from(content) };
      else form.fields.push([name, content.toString('utf8')]);
    }
    start = next + 2;
  }
  return form;
}
