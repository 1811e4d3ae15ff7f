import type { CalendarRequestContext } from './calendar-context';
import { registered, RequestDefault } from '../../http/wp-types';
import { MAX_PER_PAGE } from './default-page-size';
import { readTecSettings } from './tec-settings';
import { tec } from '../schemas/arg-validators';

/**
 * Page sizes of every list endpoint: the site's default as the plugin reads it (TEC's `posts_per_page` setting, then
 * WordPress's option, then 20; settings.ts), stored as 24 in the databases the service creates, and larger requests
 * capped at 50 as the plugin's max-per-page filters do (Archive_Base::sanitize_per_page).
 */

/** The page size a database the service creates stores in TEC's settings (the spec's default). */
export const DEFAULT_PER_PAGE = 24;

export interface Paging {
  page: number;
  perPage: number;
  offset: number;
}

/**
 * `per_page` as every archive registers it: a positive integer whose default is the site's, computed on every
 * request; a default that is no positive integer fails validation as a sent value would.
 */
export function perPageArg(description: string) {
  const siteDefault = new RequestDefault<CalendarRequestContext>(async (ctx) => readTecSettings(await ctx.site()).restPerPage);
  return tec.positiveInt().optional().meta({ type: 'integer', ...registered('default, description, type', description, { default: siteDefault }) });
}

/** The page asked for (`per_page` holds the site's default when it was left out), with the cap applied. */
export function paging(args: { page?: number; per_page?: number }): Paging {
  const page = args.page ?? 1;
  const perPage = Math.min(MAX_PER_PAGE, args.per_page ?? DEFAULT_PER_PAGE);
  return { page, perPage, offset: (page - 1) * perPage };
}
