/**
 * Page sizes of every list endpoint: 24 by default whatever `posts_per_page` options the database holds (a fixed
 * default, so that a client's paging never depends on the site's reading settings), and larger requests capped at
 * 50 as the plugin's max-per-page filters do (Archive_Base::sanitize_per_page).
 */
export const DEFAULT_PER_PAGE = 24;
export const MAX_PER_PAGE = 50;

export interface Paging {
  page: number;
  perPage: number;
  offset: number;
}

/** The page asked for, with the default page size and the cap applied. */
export function paging(args: { page?: number; per_page?: number }): Paging {
  const page = args.page ?? 1;
  const perPage = Math.min(MAX_PER_PAGE, args.per_page ?? DEFAULT_PER_PAGE);
  return { page, perPage, offset: (page - 1) * perPage };
}
