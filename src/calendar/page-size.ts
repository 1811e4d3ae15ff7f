/**
 * Page sizes of every list endpoint: 24 by default whatever `posts_per_page` options the database holds (a
 * fixed default, so that a client's paging never depends on the site's reading settings), and larger requests capped at
 * 50 as the plugin's max-per-page filters do.
 */
export const DEFAULT_PER_PAGE = 24;
export const MAX_PER_PAGE = 50;
