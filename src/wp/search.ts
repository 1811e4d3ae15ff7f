/**
 * WordPress's search string handling (WP_Query::parse_search, parse_search_terms, wpdb::esc_like), as pure
 * functions; post-query.ts turns the terms into SQL.
 */

/** get_search_stopwords() for the default (English) locale. */
const STOPWORDS = new Set('about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(','));

export interface SearchTerm {
  text: string;
  /** `-term` excludes posts containing it. */
  exclude: boolean;
}

/** The terms WP_Query searches for: quoted phrases kept whole, short terms and stopwords dropped. */
export function searchTerms(search: string): SearchTerm[] {
  const s = search.replace(/[\r\n]/g, '');
  const matches = s.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g);
  let terms: string[] = [s];
  if (matches) {
    const checked: string[] = [];
    for (const raw of matches) {
      const term = /^".+"$/.test(raw) ? raw.replace(/^["']+|["']+$/g, '') : raw.replace(/^["' ]+|["' ]+$/g, '');
      // Single letters and single dashes are noise; so are stopwords; "0" is empty to PHP.
      if (!term || term === '0' || (term.length === 1 && /^[a-z-]$/i.test(term))) continue;
      if (STOPWORDS.has(term.toLowerCase())) continue;
      checked.push(term);
    }
    // Only short terms or stopwords, or ten and more terms: the whole string is searched as a sentence.
    if (checked.length > 0 && checked.length <= 9) terms = checked;
  }
  return terms.map((term) => (term.startsWith('-') ? { text: term.slice(1), exclude: true } : { text: term, exclude: false }));
}

/** wpdb::esc_like(): `%`, `_` and `\` stand for themselves. */
export const escLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
