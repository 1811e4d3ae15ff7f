import type { CalendarEnv } from './calendar-env';

/** URLs and global ids the plugin writes into its objects. */

/** `{root}{path}`: collection URLs keep a trailing slash (`events/`), item URLs have none (`events/12`). */
export function restUrl(env: CalendarEnv, path: string): string {
  return `${env.root}${path.replace(/^\//, '')}`;
}

/** `<host><path>?id=<ID>` from home_url(): no scheme, no port (TEC's global id). */
export function globalId(home: string, id: number): string {
  let host = home;
  try {
    const url = new URL(home);
    host = `${url.hostname}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    host = home.replace(/^[a-z]+:\/\//i, '');
  }
  return `${host}?id=${id}`;
}

/** `global_id_lineage`: the post's own id first, then every lineage row the importer stored. */
export function globalIdLineage(home: string, id: number, lineage: Array<string | null>): string[] {
  return [globalId(home, id), ...lineage.filter((v): v is string => typeof v === 'string' && v !== '')];
}
