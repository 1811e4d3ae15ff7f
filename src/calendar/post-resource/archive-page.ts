import type { WpData } from '../../wp/wp-handle';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarEnv } from '../site/calendar-env';
import { inOrder, kept, keptRenders, viewerKey } from './kept-objects';
import { maskProtected, passwordAccess } from './password';
import { loadBundle } from './post-bundle';

/** The objects of an archive's page: loaded in one batch, masked where protected, kept under the change stamp. */

/**
 * The objects of a page, in the page's order, password-protected ones masked unless the caller has access. With
 * the change stamp read before the page (WpData.changeStamp), the page is kept under it until the next commit, for
 * the same page asked again by a caller of the same capabilities, with the same settings, password and context;
 * and each object is kept alone too, so a page the list cache cannot answer loads and renders only the objects no
 * earlier page of the same viewer rendered since the commit. Callers must not change them.
 */
export async function serializePage(
  env: CalendarEnv,
  def: PostTypeDefinition,
  wp: WpData,
  params: Record<string, unknown>,
  ids: readonly number[],
  stamp?: Promise<string | undefined>,
): Promise<ReadonlyArray<Record<string, unknown>>> {
  const read = stamp && (env.ctx.pages || env.ctx.objects) ? await stamp : undefined;
  const viewer = { kind: `tribe ${def.name}`, values: [params.context, params.password] };
  const renderMissing = (missing: readonly number[]) => renderObjects(env, def, wp, params, missing, read !== undefined);
  const render = async () => inOrder(ids, await keptRenders(env, read, viewer, ids, renderMissing));
  // The page is kept for the viewer its objects were rendered for.
  return read !== undefined && env.ctx.pages ? env.ctx.pages.through(read, `${viewerKey(env, viewer)}\u0001${ids.join(',')}`, render) : render();
}

/**
 * The objects of `ids` that exist, by id, masked where the caller has no access to a protected post; `keep`: they
 * are kept under the change stamp (kept()).
 */
async function renderObjects(env: CalendarEnv, def: PostTypeDefinition, wp: WpData, params: Record<string, unknown>, ids: readonly number[], keep: boolean): Promise<Map<number, Record<string, unknown>>> {
  const bundle = await loadBundle(wp, ids, { taxonomies: def.taxonomies, links: def.links });
  const out = new Map<number, Record<string, unknown>>();
  for (const id of ids) {
    const post = bundle.main.posts.get(id);
    if (!post || out.has(id)) continue;
    const object = def.serialize(env, bundle, post, { jsonLd: false });
    const shown = passwordAccess(env, post, params) ? object : maskProtected(env.registry, object);
    out.set(id, keep ? kept(shown) : shown);
  }
  return out;
}
