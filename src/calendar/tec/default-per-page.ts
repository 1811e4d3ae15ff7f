import { phpIntval } from '../../php/builtins';
import type { SiteSettings } from '../../wp/site';

/**
 * The default page size of the tec/v1 lists, which `/docs` also declares as `per_page`'s default: WordPress's
 * `posts_per_page` option read as an integer and made positive (absint), at least 1, and 10 when the option is
 * absent. Observed on the plugin: "12abc" gives 12, "-5" 5, "1e2" 100, "abc" and "" give 1, 150 stays 150 (only
 * requests are capped at 100). TEC's own `posts_per_page` setting plays no part here, unlike in tribe/events/v1.
 */
export function tecDefaultPerPage(site: Pick<SiteSettings, 'options'>): number {
  const stored = site.options.get('posts_per_page');
  if (stored === undefined) return 10;
  return Math.max(1, Math.abs(phpIntval(stored)));
}
