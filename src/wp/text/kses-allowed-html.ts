/**
 * The HTML WordPress 7.0's kses lets through, by context (wp_kses_allowed_html()): `$allowedposttags` for post
 * content and excerpts, `$allowedtags` for titles and other short text, the latter with `rel` and `target` on links
 * for term and user descriptions. Every post tag also takes the global attributes (_wp_add_global_attributes()).
 * Attributes are listed by name; the few with value checks are in ATTRIBUTE_CHECKS.
 */

export type KsesContext = 'post' | 'data' | 'description' | 'strip';

/** Attribute names every post tag allows, `data-*` standing for any `data-[a-z0-9_-]+`. */
const GLOBAL_ATTRIBUTES = 'aria-controls aria-current aria-describedby aria-details aria-expanded aria-hidden aria-label aria-labelledby aria-live class data-* dir hidden id lang style title role xml:lang';

/** `$allowedposttags`: element → its own attribute names (the global ones come on top). */
const POST_TAGS: Record<string, string> = {
  address: '',
  a: 'href rel rev name target download',
  abbr: '',
  acronym: '',
  area: 'alt coords href nohref shape target',
  article: 'align',
  aside: 'align',
  audio: 'autoplay controls loop muted preload src',
  b: '',
  bdo: '',
  big: '',
  blockquote: 'cite',
  br: '',
  button: 'disabled name type value popovertarget popovertargetaction aria-haspopup',
  caption: 'align',
  cite: '',
  code: '',
  col: 'align char charoff span valign width',
  colgroup: 'align char charoff span valign width',
  data: 'value',
  del: 'datetime',
  dd: '',
  dfn: '',
  details: 'align open name',
  div: 'align popover',
  dialog: 'closedby open popover',
  dl: '',
  dt: '',
  em: '',
  fieldset: '',
  figure: 'align',
  figcaption: 'align',
  font: 'color face size',
  footer: 'align',
  h1: 'align',
  h2: 'align',
  h3: 'align',
  h4: 'align',
  h5: 'align',
  h6: 'align',
  header: 'align',
  hgroup: 'align',
  hr: 'align noshade size width',
  i: '',
  img: 'alt align border height hspace loading longdesc vspace src usemap width',
  ins: 'datetime cite',
  kbd: '',
  label: 'for',
  legend: 'align',
  li: 'align value',
  main: 'align',
  map: 'name',
  mark: '',
  menu: 'type',
  meter: 'high low max min optimum value',
  nav: 'align',
  object: 'data type',
  p: 'align',
  pre: 'width',
  progress: 'max value',
  q: 'cite',
  rb: '',
  rp: '',
  rt: '',
  rtc: '',
  ruby: '',
  s: '',
  samp: '',
  search: '',
  span: 'align',
  section: 'align',
  small: '',
  strike: '',
  strong: '',
  sub: '',
  summary: 'align',
  sup: '',
  table: 'align bgcolor border cellpadding cellspacing rules summary width',
  tbody: 'align char charoff valign',
  td: 'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width',
  textarea: 'cols rows disabled name readonly',
  tfoot: 'align char charoff valign',
  th: 'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width',
  thead: 'align char charoff valign',
  time: 'datetime',
  title: '',
  tr: 'align bgcolor char charoff valign',
  track: 'default kind label src srclang',
  tt: '',
  u: '',
  ul: 'type popover',
  ol: 'start type reversed',
  var: '',
  video: 'autoplay controls height loop muted playsinline poster preload src width',
  wbr: '',
  math: 'displaystyle scriptlevel mathbackground mathcolor mathsize display',
  mtext: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mi: 'displaystyle scriptlevel mathbackground mathcolor mathsize mathvariant',
  mn: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mo: 'displaystyle scriptlevel mathbackground mathcolor mathsize form fence separator lspace rspace stretchy symmetric maxsize minsize largeop movablelimits',
  mspace: 'displaystyle scriptlevel mathbackground mathcolor mathsize width height depth',
  ms: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mrow: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mfrac: 'displaystyle scriptlevel mathbackground mathcolor mathsize linethickness',
  msqrt: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mroot: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mstyle: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  merror: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mpadded: 'displaystyle scriptlevel mathbackground mathcolor mathsize width height depth lspace voffset',
  mphantom: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  msub: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  msup: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  msubsup: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  munder: 'displaystyle scriptlevel mathbackground mathcolor mathsize accentunder accent',
  mover: 'displaystyle scriptlevel mathbackground mathcolor mathsize accentunder accent',
  munderover: 'displaystyle scriptlevel mathbackground mathcolor mathsize accentunder accent',
  mmultiscripts: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mprescripts: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mtable: 'displaystyle scriptlevel mathbackground mathcolor mathsize columnalign rowspacing columnspacing align rowalign columnlines rowlines frame framespacing width',
  mtr: 'displaystyle scriptlevel mathbackground mathcolor mathsize columnalign rowalign',
  mtd: 'displaystyle scriptlevel mathbackground mathcolor mathsize columnspan rowspan columnalign rowalign',
  semantics: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  annotation: 'displaystyle scriptlevel mathbackground mathcolor mathsize encoding',
  menclose: 'displaystyle scriptlevel mathbackground mathcolor mathsize notation',
};

/** `$allowedtags`. */
const DATA_TAGS: Record<string, string> = {
  a: 'href title',
  abbr: 'title',
  acronym: 'title',
  b: '',
  blockquote: 'cite',
  cite: '',
  code: '',
  del: 'datetime',
  em: '',
  i: '',
  q: 'cite',
  s: '',
  strike: '',
  strong: '',
};

/** An attribute's constraints (wp_kses_check_attr_val): the checks WordPress's own lists use. */
export interface AttributeCheck {
  valueless?: 'y' | 'n';
  required?: boolean;
  values?: readonly string[];
  /** _wp_kses_allow_pdf_objects(): a PDF on the site's own uploads host. */
  pdfOnUploadsHost?: boolean;
}

const ATTRIBUTE_CHECKS: Record<string, Record<string, AttributeCheck>> = {
  a: { download: { valueless: 'y' } },
  object: { data: { required: true, pdfOnUploadsHost: true }, type: { required: true, values: ['application/pdf'] } },
};

/** The allowed attributes of one element: name → constraints (none: `{}`). */
export type AllowedAttributes = ReadonlyMap<string, AttributeCheck>;

function table(tags: Record<string, string>, extra: string, checks: Record<string, Record<string, AttributeCheck>>): ReadonlyMap<string, AllowedAttributes> {
  return new Map(
    Object.entries(tags).map(([element, names]) => {
      const attributes = new Map<string, AttributeCheck>();
      for (const name of `${names} ${extra}`.split(' ').filter(Boolean)) attributes.set(name, checks[element]?.[name] ?? {});
      return [element, attributes];
    }),
  );
}

const POST = table(POST_TAGS, GLOBAL_ATTRIBUTES, ATTRIBUTE_CHECKS);
const DATA = table(DATA_TAGS, '', {});
const DESCRIPTION = new Map([...DATA, ['a', new Map([...DATA.get('a')!, ['rel', {}], ['target', {}]])]]);
const NONE: ReadonlyMap<string, AllowedAttributes> = new Map();

export function allowedHtml(context: KsesContext | Readonly<Record<string, readonly string[]>>): ReadonlyMap<string, AllowedAttributes> {
  // A list of the caller's own (wp_kses()'s array argument): element → attribute names.
  if (typeof context === 'object') return table(Object.fromEntries(Object.entries(context).map(([element, names]) => [element, names.join(' ')])), '', {});
  return context === 'post' ? POST : context === 'data' ? DATA : context === 'description' ? DESCRIPTION : NONE;
}

/** wp_kses_uri_attributes(): attributes whose value is a URL, checked for protocols. */
export const URI_ATTRIBUTES: ReadonlySet<string> = new Set(['action', 'archive', 'background', 'cite', 'classid', 'codebase', 'data', 'formaction', 'href', 'icon', 'longdesc', 'manifest', 'poster', 'profile', 'src', 'usemap', 'xmlns']);

/** wp_allowed_protocols(). */
export const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(['http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn']);
