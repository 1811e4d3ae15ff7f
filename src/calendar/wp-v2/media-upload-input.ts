import type { Req } from '../post-resource/request';
import { mediaError } from '../../wp-rest/media-args';

/**
 * The file of an upload as the attachments controller finds it: the multipart part named `file` when the request
 * carried files (upload_from_file()), else the raw body with its Content-Type and Content-Disposition
 * (upload_from_data()), each refusal WordPress's error in WordPress's order.
 */

const header = (req: Req, name: string): string => {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/**
 * get_filename_from_disposition(): the `filename` parameter of an `attachment` or `inline` disposition, unquoted.
 * An RFC 5987 `filename*=` is not read (WordPress does not either).
 */
function filenameFromDisposition(disposition: string): string | undefined {
  const [type, ...params] = disposition.split(';').map((part) => part.trim());
  if (!type || !['attachment', 'inline', 'form-data'].includes(type.toLowerCase())) return undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'filename') continue;
    const value = param.slice(eq + 1).trim();
    const unquoted = value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
    return unquoted || undefined;
  }
  return undefined;
}

const EMPTY_FILE =
  'File is empty. Please upload something more substantial. This error could also be caused by uploads being disabled in your php.ini file or by post_max_size being defined as smaller than upload_max_filesize in php.ini.';

/** The uploaded file; `fromForm` when it came as a multipart part (its refusals are answered under another code). */
export function uploadedFile(req: Req): { data: Buffer; filename: string; fromForm: boolean } {
  const files = req.files ?? {};
  if (Object.keys(files).length > 0) {
    const file = files.file;
    if (!file) throw mediaError('rest_upload_unknown_error');
    if (file.data.length === 0) throw mediaError('rest_upload_form_error', { args: [EMPTY_FILE] });
    return { data: file.data, filename: file.name, fromForm: true };
  }
  const data = req.body;
  if (!data || data.length === 0) throw mediaError('rest_upload_no_data');
  if (!header(req, 'content-type')) throw mediaError('rest_upload_no_content_type');
  const disposition = header(req, 'content-disposition');
  if (!disposition) throw mediaError('rest_upload_no_content_disposition');
  const filename = filenameFromDisposition(disposition);
  if (!filename) throw mediaError('rest_upload_invalid_disposition');
  return { data, filename: filename.split(/[\\/]/).pop()!, fromForm: false };
}
