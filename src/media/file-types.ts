/**
 * The file types WordPress 7.0 accepts in an upload by default (get_allowed_mime_types() for a user of a single
 * site: wp_get_mime_types() less `swf` and `exe`), by extension. HTML and JavaScript, which WordPress lets only
 * users with `unfiltered_html` upload, are left out: the service refuses them to everyone.
 */

const GROUPS: ReadonlyArray<[string, string]> = [
  ['jpg|jpeg|jpe', 'image/jpeg'], ['gif', 'image/gif'], ['png', 'image/png'], ['bmp', 'image/bmp'], ['tiff|tif', 'image/tiff'],
  ['webp', 'image/webp'], ['avif', 'image/avif'], ['ico', 'image/x-icon'], ['heic', 'image/heic'], ['heif', 'image/heif'],
  ['asf|asx', 'video/x-ms-asf'], ['wmv', 'video/x-ms-wmv'], ['wmx', 'video/x-ms-wmx'], ['wm', 'video/x-ms-wm'], ['avi', 'video/avi'],
  ['divx', 'video/divx'], ['flv', 'video/x-flv'], ['mov|qt', 'video/quicktime'], ['mpeg|mpg|mpe', 'video/mpeg'], ['mp4|m4v', 'video/mp4'],
  ['ogv', 'video/ogg'], ['webm', 'video/webm'], ['mkv', 'video/x-matroska'], ['3gp|3gpp', 'video/3gpp'], ['3g2|3gp2', 'video/3gpp2'],
  ['txt|asc|c|cc|h|srt', 'text/plain'], ['csv', 'text/csv'], ['tsv', 'text/tab-separated-values'], ['ics', 'text/calendar'],
  ['rtx', 'text/richtext'], ['css', 'text/css'], ['vtt', 'text/vtt'], ['dfxp', 'application/ttaf+xml'],
  ['mp3|m4a|m4b', 'audio/mpeg'], ['aac', 'audio/aac'], ['ra|ram', 'audio/x-realaudio'], ['wav', 'audio/wav'], ['ogg|oga', 'audio/ogg'],
  ['flac', 'audio/flac'], ['mid|midi', 'audio/midi'], ['wma', 'audio/x-ms-wma'], ['wax', 'audio/x-ms-wax'], ['mka', 'audio/x-matroska'],
  ['rtf', 'application/rtf'], ['pdf', 'application/pdf'], ['class', 'application/java'], ['tar', 'application/x-tar'],
  ['zip', 'application/zip'], ['gz|gzip', 'application/x-gzip'], ['rar', 'application/rar'], ['7z', 'application/x-7z-compressed'],
  ['psd', 'application/octet-stream'], ['xcf', 'application/octet-stream'], ['doc', 'application/msword'],
  ['pot|pps|ppt', 'application/vnd.ms-powerpoint'], ['wri', 'application/vnd.ms-write'], ['xla|xls|xlt|xlw', 'application/vnd.ms-excel'],
  ['mdb', 'application/vnd.ms-access'], ['mpp', 'application/vnd.ms-project'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['odt', 'application/vnd.oasis.opendocument.text'], ['odp', 'application/vnd.oasis.opendocument.presentation'],
  ['ods', 'application/vnd.oasis.opendocument.spreadsheet'], ['odg', 'application/vnd.oasis.opendocument.graphics'],
  ['key', 'application/vnd.apple.keynote'], ['numbers', 'application/vnd.apple.numbers'], ['pages', 'application/vnd.apple.pages'],
];

const BY_EXTENSION = new Map(GROUPS.flatMap(([extensions, mime]) => extensions.split('|').map((ext) => [ext, mime] as const)));

/** wp_check_filetype(): the MIME type an allowed extension stands for, else undefined. */
export const allowedMimeType = (extension: string): string | undefined => BY_EXTENSION.get(extension.toLowerCase());
