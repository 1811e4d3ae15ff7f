import type { Principal } from '../../auth/principal';
import type { RoleDefinition, RoleSlug } from '../../wp/default-roles';
import type { CalendarRegistry } from './calendar-registry';
import { POST_TYPE } from './identifiers';

/**
 * The Events Calendar's own capability rules on top of WordPress's (the registry's `can`): the status scale-back of its
 * writes, the permission of its term routes, and the primitive capabilities it adds to the stored role definitions
 * (Tribe__Events__Capabilities::set_initial_caps()).
 */

/**
 * TEC's status scale-back on create/update (Tribe__Events__REST__V1__Endpoints__Base::scale_back_post_status), for
 * events, venues and organizers alike: callers who cannot publish events get `pending` for publish/future, `draft`
 * for nothing.
 */
export function scaleBackStatus(registry: CalendarRegistry, principal: Principal, requested: string | undefined): string {
  const mayPublish = registry.can(principal, 'publish', { postType: POST_TYPE.event });
  if (mayPublish) return requested ?? 'publish';
  if (requested === undefined) return 'draft';
  return ['publish', 'future'].includes(requested) ? 'pending' : requested;
}

/**
 * The permission of TEC's term routes (create, update, delete of /categories and /tags): the event type's
 * `edit_tribe_events` **and** the taxonomy's manage_terms capability
 * (Tribe__Events__REST__V1__Endpoints__Term_Single_Base::can_create). There is no per-term check.
 */
export function canWriteTermsViaRest(registry: CalendarRegistry, principal: Principal, taxonomy: string): boolean {
  return registry.can(principal, 'create', { postType: POST_TYPE.event }) && registry.can(principal, 'manage_terms', { taxonomy });
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

/** Returns the roles with the registered post types' capabilities added (existing entries are kept as they are). */
export function withCalendarCapabilities(roles: Record<RoleSlug, RoleDefinition>, registry: CalendarRegistry): Record<RoleSlug, RoleDefinition> {
  const out = {} as Record<RoleSlug, RoleDefinition>;
  for (const [slug, role] of Object.entries(roles) as Array<[RoleSlug, RoleDefinition]>) {
    const capabilities = { ...role.capabilities };
    for (const type of registry.postTypes) {
      for (const template of BY_ROLE[slug]) {
        const cap = template.replace('X', type.capabilityType);
        if (!(cap in capabilities)) capabilities[cap] = true;
      }
    }
    out[slug] = { name: role.name, capabilities };
  }
  return out;
}
