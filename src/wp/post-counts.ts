import type { WpData } from './wp-handle';

/** How many posts a site holds, by type and status: what an operator asks of a database before serving it. */

export interface PostCount {
  type: string;
  status: string;
  count: number;
}

/** Every (post type, status) pair with its number of posts, in one statement (the posts' type/status key serves it). */
export async function countPostsByTypeAndStatus(wp: WpData): Promise<PostCount[]> {
  const rows = (await wp
    .knex(wp.t.posts)
    .select('post_type', 'post_status')
    .count({ n: '*' })
    .groupBy('post_type', 'post_status')
    .orderBy([{ column: 'post_type' }, { column: 'post_status' }])) as Array<{ post_type: string; post_status: string; n: number | string }>;
  return rows.map((r) => ({ type: r.post_type, status: r.post_status, count: Number(r.n) }));
}

/** Whether the site has a post of this type, whatever its status: one key lookup. */
export async function hasPostOfType(wp: WpData, type: string): Promise<boolean> {
  return (await wp.knex(wp.t.posts).select('ID').where('post_type', type).first()) !== undefined;
}
