import type { CalendarRegistry } from '../registry/calendar-registry';
import type { TecSettings } from '../site/tec-settings';

/**
 * Which front-end page a URL asks for, among the pages the API links to (Tribe__Events__REST__V1__Headers__Base): the
 * site root, single events, venues and organizers, and the category and tag archives. Plain query forms
 * (`/?tribe_events=<slug>`) always work, as in WordPress; pretty paths only when the site has a permalink structure.
 */

export type FrontEndTarget =
  | { kind: 'home' }
  | { kind: 'post'; postType: string; slug: string }
  | { kind: 'post-id'; postType: string; id: number }
  | { kind: 'term'; taxonomy: string; slug: string };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function matchFrontEnd(path: string, query: URLSearchParams, permalinkStructure: string, tec: TecSettings, registry: CalendarRegistry): FrontEndTarget | null {
  const types = registry.rewrites(tec);
  const taxonomies = registry.taxonomies.map((t) => ({ taxonomy: t.taxonomy, hierarchical: t.hierarchical, rewrite: t.rewrite(tec) }));
  if (path === '/' || path === '/index.php') {
    for (const type of types) {
      const slug = query.get(type.queryVar);
      if (slug) return { kind: 'post', postType: type.postType, slug };
    }
    const postType = query.get('post_type');
    const id = query.get('p');
    if (postType && types.some((t) => t.postType === postType) && id && /^\d+$/.test(id)) return { kind: 'post-id', postType, id: Number(id) };
    for (const { taxonomy, rewrite } of taxonomies) {
      const slug = query.get(rewrite.queryVar);
      if (slug) return { kind: 'term', taxonomy, slug };
    }
    return { kind: 'home' };
  }
  if (!permalinkStructure) return null;
  // PATHINFO permalink structures put index.php in front of every link.
  const pretty = path.replace(/^\/index\.php(?=\/)/, '');
  for (const type of types) {
    const m = new RegExp(`^/${escapeRegex(type.rewriteSlug)}/([^/]+)/?$`).exec(pretty);
    if (m) return { kind: 'post', postType: type.postType, slug: m[1]! };
  }
  // Child terms sit under their parents (`events/category/parent/child/`); the last segment names the term.
  for (const { taxonomy, hierarchical, rewrite } of taxonomies) {
    const m = new RegExp(`^/${escapeRegex(rewrite.slug)}/${hierarchical ? '(?:[^/]+/)*' : ''}([^/]+)/?$`).exec(pretty);
    if (m) return { kind: 'term', taxonomy, slug: m[1]! };
  }
  return null;
}
