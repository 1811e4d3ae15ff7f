/**
 * Page sizes of every list endpoint: 24 by default whatever `posts_per_page` options the database holds (the
 * spec fixes it; see decisions.md), and larger requests capped at 50 as the plugin's max-per-page filters do.
 */
export const DEFAULT_PER_PAGE = 24;
export const MAX_PER_PAGE = 50;
