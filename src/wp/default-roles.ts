/**
 * The five roles a fresh WordPress 6.9 install writes into `{prefix}user_roles`, capabilities in the order
 * populate_roles_160() … populate_roles_300() add them (wp-admin/includes/schema.php).
 */

export interface RoleDefinition {
  name: string;
  capabilities: Record<string, boolean>;
}

const levels = (top: number): string[] => Array.from({ length: top + 1 }, (_, i) => `level_${top - i}`);

const ADMINISTRATOR = [
  'switch_themes', 'edit_themes', 'activate_plugins', 'edit_plugins', 'edit_users', 'edit_files', 'manage_options',
  'moderate_comments', 'manage_categories', 'manage_links', 'upload_files', 'import', 'unfiltered_html', 'edit_posts',
  'edit_others_posts', 'edit_published_posts', 'publish_posts', 'edit_pages', 'read', ...levels(10),
  'edit_others_pages', 'edit_published_pages', 'publish_pages', 'delete_pages', 'delete_others_pages',
  'delete_published_pages', 'delete_posts', 'delete_others_posts', 'delete_published_posts', 'delete_private_posts',
  'edit_private_posts', 'read_private_posts', 'delete_private_pages', 'edit_private_pages', 'read_private_pages',
  'unfiltered_upload', 'edit_dashboard', 'update_plugins', 'delete_plugins', 'install_plugins', 'update_themes',
  'install_themes', 'update_core', 'list_users', 'remove_users', 'promote_users', 'edit_theme_options', 'delete_themes',
  'export',
];

const EDITOR = [
  'moderate_comments', 'manage_categories', 'manage_links', 'upload_files', 'unfiltered_html', 'edit_posts',
  'edit_others_posts', 'edit_published_posts', 'publish_posts', 'edit_pages', 'read', ...levels(7),
  'edit_others_pages', 'edit_published_pages', 'publish_pages', 'delete_pages', 'delete_others_pages',
  'delete_published_pages', 'delete_posts', 'delete_others_posts', 'delete_published_posts', 'delete_private_posts',
  'edit_private_posts', 'read_private_posts', 'delete_private_pages', 'edit_private_pages', 'read_private_pages',
];

const AUTHOR = ['upload_files', 'edit_posts', 'edit_published_posts', 'publish_posts', 'read', ...levels(2), 'delete_posts', 'delete_published_posts'];
const CONTRIBUTOR = ['edit_posts', 'read', ...levels(1), 'delete_posts'];
const SUBSCRIBER = ['read', 'level_0'];

const grant = (caps: string[]): Record<string, boolean> => Object.fromEntries(caps.map((c) => [c, true]));

const ROLE_SLUGS = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

export function defaultRoles(): Record<RoleSlug, RoleDefinition> {
  return {
    administrator: { name: 'Administrator', capabilities: grant(ADMINISTRATOR) },
    editor: { name: 'Editor', capabilities: grant(EDITOR) },
    author: { name: 'Author', capabilities: grant(AUTHOR) },
    contributor: { name: 'Contributor', capabilities: grant(CONTRIBUTOR) },
    subscriber: { name: 'Subscriber', capabilities: grant(SUBSCRIBER) },
  };
}
