import { escHtml } from '../../wp/text/formatting';

/**
 * How a WordPress site with the plugin advertises its APIs on every front-end page: core's `Link` header and
 * `<link rel="https://api.w.org/">` (rest_output_link_header, rest_output_link_wp_head), and the plugin's
 * `X-TEC-API-*` headers with their `<meta>`/`<link rel="alternate">` twins (Tribe__REST__Headers__Base_Interface,
 * Tribe__Events__REST__V1__Headers__Base).
 */

const TEC_API_VERSION = 'v1';

export interface Discovery {
  /** The REST root, `{home}/wp-json/`. */
  restRoot: string;
  /** The calendar API URL that fits the page (events collection, one event, a filtered collection). */
  apiRoot: string;
  /** home_url(). */
  origin: string;
}

/** Header values must stay printable ASCII: anything else is percent-encoded, as esc_url_raw() leaves URLs. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, (c) => encodeURIComponent(c));

export function discoveryHeaders(d: Discovery): Record<string, string> {
  return {
    Link: `<${headerSafe(d.restRoot)}>; rel="https://api.w.org/"`,
    'X-TEC-API-VERSION': TEC_API_VERSION,
    'X-TEC-API-ROOT': headerSafe(d.apiRoot),
    'X-TEC-API-ORIGIN': headerSafe(d.origin),
  };
}

export interface HtmlPage {
  title: string;
  /** Markup of the page body; every value in it is already escaped. */
  body: string;
}

/** A complete HTML document with the discovery tags in its head. */
export function htmlDocument(page: HtmlPage, d: Discovery): string {
  return [
    '<!DOCTYPE html>',
    '<html>',
    '<head>',
    '<meta charset="UTF-8">',
    `<title>${page.title}</title>`,
    `<link rel="https://api.w.org/" href="${escHtml(d.restRoot)}">`,
    `<meta name="tec-api-version" content="${TEC_API_VERSION}">`,
    `<meta name="tec-api-origin" content="${escHtml(d.origin)}">`,
    `<link rel="alternate" href="${escHtml(d.apiRoot)}">`,
    '</head>',
    '<body>',
    page.body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
