import { relate, seedEvent, seedPost, seedTerm } from '../../support/rows';
import type { WpData } from '../../../src/wp/wp-handle';

/**
 * Categories and tags as WordPress would have stored them, with the counts WordPress would have written:
 *
 *   Art (3) · Empty (0) · zeta (2)
 *   Music (0) → Jazz (0) → Bebop (0) → Hard Bop (1)      (an empty chain above one used term)
 *   tags: Music (1, slug `music` as the category) · Outdoor (0) · Free (4)
 *
 * `event` (published) has Art, Hard Bop, Empty (a stale zero count) and the Music tag; `draft` has zeta;
 * `post` is a WordPress post with the Free tag.
 */
export interface TermFixture {
  cat: Record<'art' | 'empty' | 'zeta' | 'music' | 'jazz' | 'bebop' | 'hardBop', { termId: number; ttId: number }>;
  tag: Record<'music' | 'outdoor' | 'free', { termId: number; ttId: number }>;
  event: number;
  draft: number;
  post: number;
}

export const CAT = 'tribe_events_cat';
export const TAG = 'post_tag';

export async function seedTermFixture(wp: WpData): Promise<TermFixture> {
  const art = await seedTerm(wp, CAT, 'Art', { count: 3, description: 'Paint & clay' });
  const empty = await seedTerm(wp, CAT, 'Empty', { count: 0 });
  const zeta = await seedTerm(wp, CAT, 'zeta', { count: 2 });
  const music = await seedTerm(wp, CAT, 'Music', { count: 0 });
  const jazz = await seedTerm(wp, CAT, 'Jazz', { parent: music.termId, count: 0 });
  const bebop = await seedTerm(wp, CAT, 'Bebop', { parent: jazz.termId, count: 0 });
  const hardBop = await seedTerm(wp, CAT, 'Hard Bop', { parent: bebop.termId, count: 1 });
  const tagMusic = await seedTerm(wp, TAG, 'Music', { count: 1 });
  const outdoor = await seedTerm(wp, TAG, 'Outdoor', { count: 0 });
  const free = await seedTerm(wp, TAG, 'Free', { count: 4 });
  const event = await seedEvent(wp, { post_title: 'Concert', start: '2025-07-01 20:00:00', end: '2025-07-01 22:00:00' });
  for (const term of [art, hardBop, empty, tagMusic]) await relate(wp, event, term.ttId);
  const draft = await seedEvent(wp, { post_title: 'Draft', post_status: 'draft', start: '2025-07-02 20:00:00', end: '2025-07-02 22:00:00' });
  await relate(wp, draft, zeta.ttId);
  const post = await seedPost(wp, { post_type: 'post', post_title: 'Blog', post_name: 'blog' });
  await relate(wp, post, free.ttId);
  return { cat: { art, empty, zeta, music, jazz, bebop, hardBop }, tag: { music: tagMusic, outdoor, free }, event, draft, post };
}

/** The names of a list response, in order. */
export const names = (body: { categories?: Array<{ name: string }>; tags?: Array<{ name: string }> }): string[] => (body.categories ?? body.tags ?? []).map((t) => t.name);
