import type { RoleDefinition, RoleSlug } from '../wp/default-roles';
import { CAPABILITY_TYPE } from './identifiers';

/**
 * The primitive capabilities TEC adds to the stored role definitions for its three post types
 * (Tribe__Events__Capabilities::set_initial_caps()), by role level.
 */

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
