import { createPermissions, type CapabilityRegistry } from '../../auth/permissions';
import type { Principal } from '../../auth/principal';
import type { RoleDefinition, RoleSlug } from '../../wp/default-roles';
import { CAPABILITY_TYPE, POST_TYPE, TAXONOMY } from './identifiers';

/**
 * The Events Calendar's capabilities: what its post types and taxonomy register (register_post_type's
 * capability_type, register_taxonomy's capabilities), the permission checks built on them, and the primitive
 * capabilities TEC adds to the stored role definitions (Tribe__Events__Capabilities::set_initial_caps()).
 */

/** TEC's registrations: its three post types' capability types; its categories use the event capabilities. */
export const CALENDAR_CAPABILITIES: CapabilityRegistry = {
  postTypes: CAPABILITY_TYPE,
  taxonomies: {
    [TAXONOMY.category]: {
      manage_terms: 'publish_tribe_events',
      edit_terms: 'publish_tribe_events',
      delete_terms: 'publish_tribe_events',
      assign_terms: 'edit_tribe_events',
    },
  },
};

/**
 * The permission checks every calendar resource calls. `read` is TEC's read visibility
 * (Tribe__Events__REST__V1__Endpoints__Single_Event::get): trashed events are refused to everyone by the event
 * route itself, not here.
 */
export const { can, requiredCaps } = createPermissions(CALENDAR_CAPABILITIES);

/**
 * The permission of TEC's term routes (create, update, delete of /categories and /tags): the event type's
 * `edit_tribe_events` **and** the taxonomy's manage_terms capability
 * (Tribe__Events__REST__V1__Endpoints__Term_Single_Base::can_create). There is no per-term check.
 */
export function canWriteTermsViaRest(principal: Principal, taxonomy: string): boolean {
  return can(principal, 'create', { postType: POST_TYPE.event }) && can(principal, 'manage_terms', { taxonomy });
}

const PUBLISHED = ['publish', 'future'];

/**
 * TEC's status scale-back on create/update (Tribe__Events__REST__V1__Endpoints__Base::scale_back_post_status), for
 * events, venues and organizers alike: callers who cannot publish events get `pending` for publish/future, `draft`
 * for nothing.
 */
export function scaleBackStatus(principal: Principal, requested: string | undefined): string {
  const mayPublish = can(principal, 'publish', { postType: POST_TYPE.event });
  if (mayPublish) return requested ?? 'publish';
  if (requested === undefined) return 'draft';
  return PUBLISHED.includes(requested) ? 'pending' : requested;
}

const EDITOR_LEVEL = ['read', 'read_private_X', 'edit_X', 'edit_others_X', 'edit_private_X', 'edit_published_X', 'delete_X', 'delete_others_X', 'delete_private_X', 'delete_published_X', 'publish_X'];
const AUTHOR_LEVEL = ['read', 'edit_X', 'edit_published_X', 'delete_X', 'delete_published_X', 'publish_X'];
const CONTRIBUTOR_LEVEL = ['read', 'edit_X', 'delete_X'];
const SUBSCRIBER_LEVEL = ['read'];

const BY_ROLE: Record<RoleSlug, string[]> = {
  administrator: EDITOR_LEVEL,
  editor: EDITOR_LEVEL,
  author: AUTHOR_LEVEL,
  contributor: CONTRIBUTOR_LEVEL,
  subscriber: SUBSCRIBER_LEVEL,
};

/** Returns the roles with TEC's capabilities added (existing entries are kept as they are). */
export function withCalendarCapabilities(roles: Record<RoleSlug, RoleDefinition>): Record<RoleSlug, RoleDefinition> {
  const out = {} as Record<RoleSlug, RoleDefinition>;
  for (const [slug, role] of Object.entries(roles) as Array<[RoleSlug, RoleDefinition]>) {
    const capabilities = { ...role.capabilities };
    for (const plural of Object.values(CAPABILITY_TYPE)) {
      for (const template of BY_ROLE[slug]) {
        const cap = template.replace('X', plural);
        if (!(cap in capabilities)) capabilities[cap] = true;
      }
    }
    out[slug] = { name: role.name, capabilities };
  }
  return out;
}
