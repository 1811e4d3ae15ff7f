// Interim minimal version; the full port replaces this file.
import type { WpData } from './wp-data';
export async function getUser(wp: WpData, id: number): Promise<{ ID: number } | undefined> {
  const row = await wp.knex(wp.t.users).select('ID').where('ID', id).first();
  return row ? { ID: Number(row.ID) } : undefined;
}
