/**
 * date-fns-tz's own subpath export (package.json `exports`), which TypeScript's `node` module resolution does not
 * read: the same function as the package's index, whose import loads all of date-fns.
 */
declare module 'date-fns-tz/getTimezoneOffset' {
  export { getTimezoneOffset } from 'date-fns-tz';
}
