import { restRoot } from '../http/context';
import { endpoint, type RouteDef } from '../http/routes';
import { registered, wpString } from '../http/wp-types';
import type { SiteSettings } from '../wp/site';
import { contextArg } from './core-args';
import { restContext, type RestContext } from './response-fields';
import { refusal, wpV2Error } from './wp-v2-errors';
import type { RestCaller, WpRestContext, WpV2Registrations } from './wp-rest-context';
import type { WpStatusObject } from './wp-objects';

/**
 * `/wp/v2/statuses` (WP_REST_Post_Statuses_Controller): the registered post statuses that are not internal, then
 * `trash`, keyed by name. A public status is shown to anyone; the others (and `trash`) to a caller who may edit the
 * posts of some type shown in REST. The `edit` context needs the same.
 */

/** A status as register_post_status() holds it. */
export interface StatusRegistration {
  name: string;
  label: string;
  public: boolean;
  protected: boolean;
  private: boolean;
  internal: boolean;
  publicly_queryable: boolean;
  show_in_admin_all_list: boolean;
  date_floating: boolean;
}

/** register_post_status()'s defaults, then the status's own flags. */
export const postStatus = (name: string, label: string, flags: Partial<Omit<StatusRegistration, 'name' | 'label'>> = {}): StatusRegistration => ({
  name,
  label,
  public: false,
  protected: false,
  private: false,
  internal: false,
  publicly_queryable: false,
  show_in_admin_all_list: true,
  date_floating: false,
  ...flags,
});

/** create_initial_post_types()'s statuses, in registration order. */
export const CORE_STATUSES: readonly StatusRegistration[] = [
  postStatus('publish', 'Published', { public: true, publicly_queryable: true }),
  postStatus('future', 'Scheduled', { protected: true }),
  postStatus('draft', 'Draft', { protected: true, date_floating: true }),
  postStatus('pending', 'Pending', { protected: true, date_floating: true }),
  postStatus('private', 'Private', { private: true }),
  postStatus('trash', 'Trash', { internal: true, show_in_admin_all_list: false }),
  postStatus('auto-draft', 'auto-draft', { internal: true, show_in_admin_all_list: false, date_floating: true }),
  postStatus('inherit', 'inherit', { internal: true, show_in_admin_all_list: false }),
  ...['request-pending', 'request-confirmed', 'request-failed', 'request-completed'].map((name) => postStatus(name, name, { internal: true, show_in_admin_all_list: false })),
];

const DRAFT_04 = 'http://json-schema.org/draft-04/schema#';
const property = (description: string, type: string, context: readonly string[]) => ({ description, type, context, readonly: true });

/** WP_REST_Post_Statuses_Controller::get_item_schema(). */
const STATUS_SCHEMA = {
  $schema: DRAFT_04,
  title: 'status',
  type: 'object',
  properties: {
    name: property('The title for the status.', 'string', ['embed', 'view', 'edit']),
    private: property('Whether posts with this status should be private.', 'boolean', ['edit']),
    protected: property('Whether posts with this status should be protected.', 'boolean', ['edit']),
    public: property('Whether posts of this status should be shown in the front end of the site.', 'boolean', ['view', 'edit']),
    queryable: property('Whether posts with this status should be publicly-queryable.', 'boolean', ['view', 'edit']),
    show_in_list: property('Whether to include posts in the edit listing for their post type.', 'boolean', ['edit']),
    slug: property('An alphanumeric identifier for the status.', 'string', ['embed', 'view', 'edit']),
    date_floating: property('Whether posts of this status may have floating published dates.', 'boolean', ['view', 'edit']),
  },
};

/** prepare_item_for_response(): the schema's fields of the context, then the `archives` link into the posts route. */
function statusObject(site: SiteSettings, s: StatusRegistration, context: RestContext): WpStatusObject {
  const all: Omit<WpStatusObject, '_links' | '_embedded'> = {
    name: s.label,
    private: s.private,
    protected: s.protected,
    public: s.public,
    queryable: s.publicly_queryable,
    show_in_list: s.show_in_admin_all_list,
    slug: s.name,
    date_floating: s.date_floating,
  };
  const data = Object.fromEntries(Object.entries(all).filter(([key]) => STATUS_SCHEMA.properties[key as keyof typeof STATUS_SCHEMA.properties].context.includes(context)));
  const posts = `${restRoot(site)}wp/v2/posts`;
  return { ...data, _links: { archives: [{ href: s.name === 'publish' ? posts : `${posts}?status=${s.name}` }] } };
}

export function statusRoutes(reg: WpV2Registrations): Array<RouteDef<WpRestContext>> {
  /** Whether the caller may edit the posts of some type shown in REST. */
  const editsSomeType = (caller: RestCaller) => reg.postTypeRegistrations.some((t) => reg.hasCap(caller, t.capabilities.edit_posts ?? 'do_not_allow'));
  /** check_read_permission(). */
  const mayRead = (caller: RestCaller, s: StatusRegistration) => s.public || ((!s.internal || s.name === 'trash') && editsSomeType(caller));
  /** get_post_stati( array( 'internal' => false ) ), then `trash`. */
  const listed = [...reg.statusRegistrations.filter((s) => !s.internal), ...reg.statusRegistrations.filter((s) => s.name === 'trash')];

  const listArgs = { context: contextArg() };
  const list = endpoint<WpRestContext, typeof listArgs>({
    methods: ['GET'],
    args: listArgs,
    permission: (req) => req.args.context !== 'edit' || editsSomeType(req.ctx.principal) || refusal('rest_cannot_view_statuses', req.ctx.isLoggedIn()),
    handler: async (req) => {
      const site = await req.ctx.site();
      const context = restContext(req.args.context);
      return Object.fromEntries(listed.filter((s) => mayRead(req.ctx.principal, s)).map((s) => [s.name, statusObject(site, s, context)]));
    },
  });
  const itemArgs = { status: wpString().optional().meta(registered('description, type', 'An alphanumeric identifier for the status.')), context: contextArg() };
  const item = endpoint<WpRestContext, typeof itemArgs>({
    methods: ['GET'],
    args: itemArgs,
    permission: (req) => {
      const found = reg.statusRegistrations.find((s) => s.name === req.params.status);
      if (!found) throw wpV2Error('rest_status_invalid');
      return mayRead(req.ctx.principal, found) || refusal('rest_cannot_read_status', req.ctx.isLoggedIn());
    },
    handler: async (req) => statusObject(await req.ctx.site(), reg.statusRegistrations.find((s) => s.name === req.params.status)!, restContext(req.args.context)),
  });
  return [
    { path: '/statuses', endpoints: [list], schema: () => STATUS_SCHEMA },
    { path: '/statuses/(?P<status>[\\w-]+)', endpoints: [item], schema: () => STATUS_SCHEMA },
  ];
}
