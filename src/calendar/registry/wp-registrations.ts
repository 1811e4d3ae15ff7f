import { postStatus, type StatusRegistration } from '../../wp-rest/status-routes';
import type { PostTypeRegistration, TaxonomyRegistration } from '../../wp-rest/type-registrations';

/**
 * What The Events Calendar 6.17 registers of its post types and its taxonomy for WordPress's REST API
 * (register_post_type() / register_taxonomy() arguments after WordPress fills in labels and capabilities): venues,
 * organizers, events and calendar embeds, then event categories, in its registration order. The types' capability
 * names follow the registry's capability types (registry/post-types.ts).
 */

export const TEC_POST_TYPE_REGISTRATIONS: readonly PostTypeRegistration[] = [
  {
    slug: "tribe_venue",
    description: "",
    hierarchical: false,
    has_archive: false,
    visibility: {"show_in_nav_menus":false,"show_ui":true},
    viewable: false,
    icon: null,
    supports: {"title":true,"editor":true,"revisions":true,"custom-fields":true,"excerpt":true,"author":true,"thumbnail":true,"autosave":true},
    taxonomies: [],
    rest_base: "tribe_venue",
    rest_namespace: "wp/v2",
    template: [],
    template_lock: false,
    capabilities: {"edit_post":"edit_tribe_venue","read_post":"read_tribe_venue","delete_post":"delete_tribe_venue","edit_posts":"edit_tribe_venues","edit_others_posts":"edit_others_tribe_venues","delete_posts":"delete_tribe_venues","publish_posts":"publish_tribe_venues","read_private_posts":"read_private_tribe_venues","read":"read","delete_private_posts":"delete_private_tribe_venues","delete_published_posts":"delete_published_tribe_venues","delete_others_posts":"delete_others_tribe_venues","edit_private_posts":"edit_private_tribe_venues","edit_published_posts":"edit_published_tribe_venues","create_posts":"edit_tribe_venues"},
    labels: {"name":"Venues","singular_name":"Venue","add_new":"Add New","add_new_item":"Add New Venue","edit_item":"Edit Venue","new_item":"New Venue","view_item":"View Venue","view_items":"View Posts","search_items":"Search Venues","not_found":"No venues found","not_found_in_trash":"No venues found in Trash","parent_item_colon":null,"all_items":"Venues","archives":"Venues","attributes":"Post Attributes","insert_into_item":"Insert into post","uploaded_to_this_item":"Uploaded to this post","featured_image":"Featured image","set_featured_image":"Set featured image","remove_featured_image":"Remove featured image","use_featured_image":"Use as featured image","filter_items_list":"Filter posts list","filter_by_date":"Filter by date","items_list_navigation":"Posts list navigation","items_list":"Posts list","item_published":"Venue published.","item_published_privately":"Venue published privately.","item_reverted_to_draft":"Venue reverted to draft.","item_trashed":"Post trashed.","item_scheduled":"Venue scheduled.","item_updated":"Venue updated.","item_link":"Venue Link","item_link_description":"A link to a particular Venue.","menu_name":"Venues","singular_name_lowercase":"venue","plural_name_lowercase":"venues","name_admin_bar":"Venue","template_name":"Single item: Venue"},
  },
  {
    slug: "tribe_organizer",
    description: "",
    hierarchical: false,
    has_archive: false,
    visibility: {"show_in_nav_menus":false,"show_ui":true},
    viewable: false,
    icon: null,
    supports: {"title":true,"editor":true,"revisions":true,"custom-fields":true,"excerpt":true,"author":true,"thumbnail":true,"autosave":true},
    taxonomies: [],
    rest_base: "tribe_organizer",
    rest_namespace: "wp/v2",
    template: [],
    template_lock: false,
    capabilities: {"edit_post":"edit_tribe_organizer","read_post":"read_tribe_organizer","delete_post":"delete_tribe_organizer","edit_posts":"edit_tribe_organizers","edit_others_posts":"edit_others_tribe_organizers","delete_posts":"delete_tribe_organizers","publish_posts":"publish_tribe_organizers","read_private_posts":"read_private_tribe_organizers","read":"read","delete_private_posts":"delete_private_tribe_organizers","delete_published_posts":"delete_published_tribe_organizers","delete_others_posts":"delete_others_tribe_organizers","edit_private_posts":"edit_private_tribe_organizers","edit_published_posts":"edit_published_tribe_organizers","create_posts":"edit_tribe_organizers"},
    labels: {"name":"Organizers","singular_name":"Organizer","add_new":"Add New","add_new_item":"Add New Organizer","edit_item":"Edit Organizer","new_item":"New Organizer","view_item":"View Organizer","view_items":"View Posts","search_items":"Search Organizers","not_found":"No organizers found","not_found_in_trash":"No organizers found in Trash","parent_item_colon":null,"all_items":"Organizers","archives":"Organizers","attributes":"Post Attributes","insert_into_item":"Insert into post","uploaded_to_this_item":"Uploaded to this post","featured_image":"Featured image","set_featured_image":"Set featured image","remove_featured_image":"Remove featured image","use_featured_image":"Use as featured image","filter_items_list":"Filter posts list","filter_by_date":"Filter by date","items_list_navigation":"Posts list navigation","items_list":"Posts list","item_published":"Organizer published.","item_published_privately":"Organizer published privately.","item_reverted_to_draft":"Organizer reverted to draft.","item_trashed":"Post trashed.","item_scheduled":"Organizer scheduled.","item_updated":"Organizer updated.","item_link":"Organizer Link","item_link_description":"A link to a particular Organizer.","menu_name":"Organizers","singular_name_lowercase":"organizer","plural_name_lowercase":"organizers","name_admin_bar":"Organizer","template_name":"Single item: Organizer"},
  },
  {
    slug: "tribe_events",
    description: "",
    hierarchical: false,
    has_archive: true,
    visibility: {"show_in_nav_menus":true,"show_ui":true},
    viewable: true,
    icon: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIGZpbGw9IiM5YmEyYTYiIHZpZXdCb3g9IjAgMCAxMy4yNCAxNS40IiBhcmlhLWhpZGRlbj0idHJ1ZSI+PGRlZnM+PHN0eWxlPi5jbHMtMXtmaWxsLXJ1bGU6ZXZlbm9kZDt9PC9zdHlsZT48L2RlZnM+PGcgaWQ9IkxheWVyXzIiIGRhdGEtbmFtZT0iTGF5ZXIgMiI+PGcgaWQ9IkxheWVyXzEtMiIgZGF0YS1uYW1lPSJMYXllciAxIj48cGF0aCBjbGFzcz0iY2xzLTEiIGQ9Ik0xMi44OSw2LjEsMTEuNTQsMi4ybDAtLjA2QTEuODUsMS44NSwwLDAsMCw5LjE0LDEuMDZsLS43My4yNkw4LC4yOXYwQS40NS40NSwwLDAsMCw3LjQ3LDBhLjQzLjQzLDAsMCwwLS4yNS4yM0EuNDUuNDUsMCwwLDAsNy4yLjZsLjM3LDFMMi43NSwzLjM5bC0uMzYtMSwwLS4wNWEuNDQuNDQsMCwwLDAtLjU2LS4yMi40NC40NCwwLDAsMC0uMjYuNTdsLjM2LDFMMS4xNyw0QTEuODYsMS44NiwwLDAsMCwuMTEsNi4zM0wzLjE5LDE1YS42Ni42NiwwLDAsMCwuNjEuNC41OS41OSwwLDAsMCwuMjMsMEw3LjQsMTQuMTNsMCwwLC4xLDBhNSw1LDAsMCwwLDItMi40N2MuMTEtLjI0LjIxLS40OS4zMS0uNzdsLjI3LS43Mi4wNy0uMTlhNC4zLDQuMywwLDAsMCwyLS4zOSwzLjEzLDMuMTMsMCwwLDEtMS43MiwyLjMuNDMuNDMsMCwwLDAtLjI1LjIzLjQ1LjQ1LDAsMCwwLDAsLjM0LjQyLjQyLDAsMCwwLC4yMy4yNi40NS40NSwwLDAsMCwuMzQsMEMxMy4xMywxMS44NywxMy43Miw4LjY0LDEyLjg5LDYuMVptLS41NiwxLjgxYS43OS43OSwwLDAsMS0uMjUuNThBMi44NSwyLjg1LDAsMCwxLDEwLDljLS4zOSwwLS41MS4yMi0uNjguNjdMOSwxMC41MmMtLjEuMjYtLjE5LjQ5LS4yOS43MWE0LjMyLDQuMzIsMCwwLDEtMS41OSwyTDMuOTQsMTQuNDQsMS43LDguMTJsOS43NC0zLjQ2LjYzLDEuODJhNS4xMSw1LjExLDAsMCwxLC4yNiwxLjM1VjcuOVoiLz48L2c+PC9nPjwvc3ZnPg==",
    supports: {"title":true,"editor":true,"excerpt":true,"author":true,"thumbnail":true,"revisions":true,"autosave":true,"custom-fields":true},
    taxonomies: ["post_tag","tribe_events_cat"],
    rest_base: "tribe_events",
    rest_namespace: "wp/v2",
    template: [["tribe/event-datetime"],["core/paragraph",{"placeholder":"Add Description..."}],["tribe/event-price"],["tribe/event-organizer"],["tribe/event-venue"],["tribe/event-website"],["tribe/event-links"]],
    template_lock: false,
    capabilities: {"edit_post":"edit_tribe_event","read_post":"read_tribe_event","delete_post":"delete_tribe_event","edit_posts":"edit_tribe_events","edit_others_posts":"edit_others_tribe_events","delete_posts":"delete_tribe_events","publish_posts":"publish_tribe_events","read_private_posts":"read_private_tribe_events","read":"read","delete_private_posts":"delete_private_tribe_events","delete_published_posts":"delete_published_tribe_events","delete_others_posts":"delete_others_tribe_events","edit_private_posts":"edit_private_tribe_events","edit_published_posts":"edit_published_tribe_events","create_posts":"edit_tribe_events"},
    labels: {"name":"Events","singular_name":"Event","add_new":"Add New","add_new_item":"Add New Event","edit_item":"Edit Event","new_item":"New Event","view_item":"View Event","view_items":"View Events","search_items":"Search Events","not_found":"No events found","not_found_in_trash":"No events found in Trash","parent_item_colon":null,"all_items":"Events","archives":"Events","attributes":"Post Attributes","insert_into_item":"Insert into post","uploaded_to_this_item":"Uploaded to this post","featured_image":"Featured image","set_featured_image":"Set featured image","remove_featured_image":"Remove featured image","use_featured_image":"Use as featured image","filter_items_list":"Filter posts list","filter_by_date":"Filter by date","items_list_navigation":"Posts list navigation","items_list":"Posts list","item_published":"Event published.","item_published_privately":"Event published privately.","item_reverted_to_draft":"Event reverted to draft.","item_trashed":"Post trashed.","item_scheduled":"Event scheduled.","item_updated":"Event updated.","item_link":"Event Link","item_link_description":"A link to a particular Event.","menu_name":"Events","name_admin_bar":"Event","template_name":"Single item: Event"},
  },
  {
    slug: "tec_calendar_embed",
    description: "",
    hierarchical: false,
    has_archive: false,
    visibility: {"show_in_nav_menus":true,"show_ui":true},
    viewable: true,
    icon: null,
    supports: {"title":true},
    taxonomies: ["post_tag","tribe_events_cat"],
    rest_base: "tec_calendar_embed",
    rest_namespace: "wp/v2",
    template: [],
    template_lock: false,
    capabilities: {"edit_post":"edit_post","read_post":"read_post","delete_post":"delete_post","edit_posts":"edit_posts","edit_others_posts":"edit_others_posts","delete_posts":"delete_posts","publish_posts":"publish_posts","read_private_posts":"read_private_posts","read":"read","delete_private_posts":"delete_private_posts","delete_published_posts":"delete_published_posts","delete_others_posts":"delete_others_posts","edit_private_posts":"edit_private_posts","edit_published_posts":"edit_published_posts","create_posts":"edit_posts"},
    labels: {"name":"Calendar Embeds","singular_name":"Calendar Embed","add_new":"Add New","add_new_item":"Add New Calendar Embed","edit_item":"Edit Calendar Embed","new_item":"New Calendar Embed","view_item":"View Calendar Embed","view_items":"View Posts","search_items":"Search Calendar Embeds","not_found":"No calendar embeds found.","not_found_in_trash":"No calendar embeds found in Trash.","parent_item_colon":"Parent Calendar Embeds:","all_items":"Calendar Embeds","archives":"Calendar Embeds","attributes":"Post Attributes","insert_into_item":"Insert into calendar embed","uploaded_to_this_item":"Uploaded to this calendar embed","featured_image":"Featured image","set_featured_image":"Set featured image","remove_featured_image":"Remove featured image","use_featured_image":"Use as featured image","filter_items_list":"Filter calendar embeds list","filter_by_date":"Filter by date","items_list_navigation":"Calendar Embeds list navigation","items_list":"Calendar Embeds list","item_published":"Calendar embed published.","item_published_privately":"Calendar embed published privately.","item_reverted_to_draft":"Calendar embed reverted to draft.","item_trashed":"Calendar embed trashed.","item_scheduled":"Calendar embed scheduled.","item_updated":"Calendar embed updated.","item_link":"Calendar embed link","item_link_description":"A link to the calendar embed.","menu_name":"Calendar Embeds","name_admin_bar":"Calendar Embed","template_name":"Single item: Calendar Embed"},
  },];

export const TEC_TAXONOMY_REGISTRATIONS: readonly TaxonomyRegistration[] = [
  {
    slug: "tribe_events_cat",
    description: "",
    hierarchical: true,
    show_cloud: true,
    rest_base: "tribe_events_cat",
    rest_namespace: "wp/v2",
    visibility: {"public":true,"publicly_queryable":true,"show_admin_column":false,"show_in_nav_menus":true,"show_in_quick_edit":true,"show_ui":true},
    capabilities: {"manage_terms":"publish_tribe_events","edit_terms":"publish_tribe_events","delete_terms":"publish_tribe_events","assign_terms":"edit_tribe_events"},
    labels: {"name":"Event Categories","singular_name":"Event Category","search_items":"Search Event Categories","popular_items":null,"all_items":"All Event Categories","parent_item":"Parent Event Category","parent_item_colon":"Parent Event Category:","name_field_description":"The name is how it appears on your site.","slug_field_description":"The &#8220;slug&#8221; is the URL-friendly version of the name. It is usually all lowercase and contains only letters, numbers, and hyphens.","parent_field_description":"Assign a parent term to create a hierarchy. The term Jazz, for example, would be the parent of Bebop and Big Band.","desc_field_description":"The description is not prominent by default; however, some themes may show it.","edit_item":"Edit Event Category","view_item":"View Category","update_item":"Update Event Category","add_new_item":"Add New Event Category","new_item_name":"New Event Category Name","separate_items_with_commas":null,"add_or_remove_items":null,"choose_from_most_used":null,"not_found":"No categories found.","no_terms":"No categories","filter_by_item":"Filter by category","items_list_navigation":"Categories list navigation","items_list":"Categories list","most_used":"Most Used","back_to_items":"&larr; Go to Categories","item_link":"Event Category Link","item_link_description":"A link to a particular Event category.","menu_name":"Event Categories","name_admin_bar":"Event Category","archives":"All Event Categories","template_name":"Event Category Archives"},
  },];

/**
 * The post statuses the plugin registers after WordPress's, in its order: Event Aggregator's import records' (public,
 * not queryable) and the statuses of its background processes, as the plugin's site lists them.
 */
export const TEC_STATUS_REGISTRATIONS: readonly StatusRegistration[] = [
  postStatus('in-progress', 'In-Progress'),
  postStatus('failed', 'Failed'),
  postStatus('tribe-ea-success', 'Imported', { public: true }),
  postStatus('tribe-ea-failed', 'Failed', { public: true }),
  postStatus('tribe-ea-schedule', 'Schedule', { public: true }),
  postStatus('tribe-ea-pending', 'Pending', { public: true }),
  postStatus('tribe-ea-draft', 'Draft', { public: true }),
  postStatus('tribe-ignored', 'Ignored', { show_in_admin_all_list: false }),
];
