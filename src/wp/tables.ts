/** Prefixed WordPress table names (wpdb::$posts, …); the prefix is validated by the configuration. */
export interface TableNames {
  posts: string;
  postmeta: string;
  terms: string;
  term_taxonomy: string;
  term_relationships: string;
  termmeta: string;
  options: string;
  users: string;
  usermeta: string;
}

export function tableNames(prefix: string): TableNames {
  return {
    posts: `${prefix}posts`,
    postmeta: `${prefix}postmeta`,
    terms: `${prefix}terms`,
    term_taxonomy: `${prefix}term_taxonomy`,
    term_relationships: `${prefix}term_relationships`,
    termmeta: `${prefix}termmeta`,
    options: `${prefix}options`,
    users: `${prefix}users`,
    usermeta: `${prefix}usermeta`,
  };
}
