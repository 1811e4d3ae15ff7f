import { z } from 'zod';
import { endpoint, type RouteDef } from '../http/routes';
import { registered, wpBoolean, wpEnum, wpInteger, wpString } from '../http/wp-types';
import { maybeSerialize, type PhpValue } from '../php/php-serialize';
import { isIanaZone } from '../php/zone-names';
import { deleteOption, getOptions, updateOption } from '../wp/options';
import { escHtml } from '../wp/text/formatting';
import { emailString } from './core-args';
import type { WpRestContext, WpV2Registrations } from './wp-rest-context';

/**
 * `/wp/v2/settings` (WP_REST_Settings_Controller): the options core registers with `show_in_rest`, each under its
 * REST name, read as get_option() gives them and shown through the setting's schema — a stored value the schema
 * refuses is `null`, so a missing `site_logo` or a deleted `blogdescription` shows `null`. Reading and writing need
 * `manage_options`. A write stores each sent setting (sanitize_option()'s rules for the ones that have them), deletes
 * the option for a `null`, and answers every setting, the written ones as written (WordPress answers from its
 * option cache).
 */

type Kind = 'string' | 'integer' | 'boolean';

interface Setting {
  name: string;
  option: string;
  kind: Kind;
  title: string;
  description: string;
  format?: 'uri' | 'email';
  enum?: readonly [string, ...string[]];
  /** The default get_option() is given when the option is missing (register_setting's `default`). */
  fallback?: PhpValue;
  /** sanitize_option(): the stored form of a sent value, or undefined when WordPress keeps the old one. */
  sanitize?: (value: string) => string | undefined;
}

const SETTINGS: readonly Setting[] = [
  { name: 'title', option: 'blogname', kind: 'string', title: 'Title', description: 'Site title.', sanitize: escHtml },
  { name: 'description', option: 'blogdescription', kind: 'string', title: 'Tagline', description: 'Site tagline.', sanitize: escHtml },
  { name: 'url', option: 'siteurl', kind: 'string', title: '', description: 'Site URL.', format: 'uri' },
  { name: 'email', option: 'admin_email', kind: 'string', title: '', description: 'This address is used for admin purposes, like new user notification.', format: 'email' },
  // An unknown zone is refused by sanitize_option() (a settings error) and the option keeps its value.
  { name: 'timezone', option: 'timezone_string', kind: 'string', title: '', description: 'A city in the same timezone as you.', sanitize: (v) => (v === '' || v === 'UTC' || isIanaZone(v) ? v : undefined) },
  { name: 'date_format', option: 'date_format', kind: 'string', title: '', description: 'A date format for all date strings.' },
  { name: 'time_format', option: 'time_format', kind: 'string', title: '', description: 'A time format for all time strings.' },
  { name: 'start_of_week', option: 'start_of_week', kind: 'integer', title: '', description: 'A day number of the week that the week should start on.' },
  { name: 'language', option: 'WPLANG', kind: 'string', title: '', description: 'WordPress locale code.', fallback: 'en_US' },
  { name: 'use_smilies', option: 'use_smilies', kind: 'boolean', title: '', description: 'Convert emoticons like :-) and :-P to graphics on display.', fallback: true },
  { name: 'default_category', option: 'default_category', kind: 'integer', title: '', description: 'Default post category.' },
  { name: 'default_post_format', option: 'default_post_format', kind: 'string', title: '', description: 'Default post format.' },
  { name: 'posts_per_page', option: 'posts_per_page', kind: 'integer', title: 'Maximum posts per page', description: 'Blog pages show at most.', fallback: 10 },
  { name: 'show_on_front', option: 'show_on_front', kind: 'string', title: 'Show on front', description: 'What to show on the front page' },
  { name: 'page_on_front', option: 'page_on_front', kind: 'integer', title: 'Page on front', description: 'The ID of the page that should be displayed on the front page' },
  { name: 'page_for_posts', option: 'page_for_posts', kind: 'integer', title: '', description: 'The ID of the page that should display the latest posts' },
  { name: 'default_ping_status', option: 'default_ping_status', kind: 'string', title: '', description: 'Allow link notifications from other blogs (pingbacks and trackbacks) on new articles.', enum: ['open', 'closed'] },
  { name: 'default_comment_status', option: 'default_comment_status', kind: 'string', title: 'Allow comments on new posts', description: 'Allow people to submit comments on new posts.', enum: ['open', 'closed'] },
  { name: 'site_logo', option: 'site_logo', kind: 'integer', title: 'Logo', description: 'Site logo.' },
  { name: 'site_icon', option: 'site_icon', kind: 'integer', title: 'Icon', description: 'Site icon.' },
];

function argOf(s: Setting): z.ZodType {
  const keys = `title, description, type${s.format ? ', format' : ''}${s.enum ? ', enum' : ''}`;
  const base = s.kind === 'integer' ? wpInteger() : s.kind === 'boolean' ? wpBoolean() : s.enum ? wpEnum(s.enum) : s.format === 'email' ? emailString() : wpString();
  return base.optional().meta({ type: s.kind, ...(s.format ? { format: s.format } : {}), ...registered(keys, s.description, { title: s.title }) });
}

/** rest_validate_value_from_schema() then rest_sanitize_value_from_schema() of a stored value; null when refused. */
function shown(kind: Kind, value: PhpValue | false | undefined): unknown {
  if (kind === 'string') return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
  if (kind === 'integer') {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[+-]?\d+(\.0*)?\s*$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(n) ? n : null;
  }
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value === 'string' && ['true', 'false', '1', '0'].includes(value.toLowerCase())) return ['true', '1'].includes(value.toLowerCase());
  return null;
}

/** get_item_schema(): each setting's type, title, description, default (its registered one, else null), format, enum. */
function settingsSchema(): Record<string, unknown> {
  const properties = Object.fromEntries(
    SETTINGS.map((s) => [s.name, { type: s.kind, title: s.title, description: s.description, default: s.fallback ?? null, ...(s.format ? { format: s.format } : {}), ...(s.enum ? { enum: [...s.enum] } : {}) }]),
  );
  return { $schema: 'http://json-schema.org/draft-04/schema#', title: 'settings', type: 'object', properties };
}

async function settingsObject(ctx: WpRestContext, written: ReadonlyMap<string, PhpValue | false> = new Map()): Promise<Record<string, unknown>> {
  const stored = await getOptions(ctx.wp, SETTINGS.map((s) => s.option));
  const site = await ctx.site();
  const out: Record<string, unknown> = {};
  for (const s of SETTINGS) {
    // The site's URLs follow the service's SITE_URL override, as every other URL it writes.
    if (s.option === 'siteurl' && !written.has(s.option)) {
      out[s.name] = site.url;
      continue;
    }
    const value = written.has(s.option) ? written.get(s.option) : stored.has(s.option) ? stored.get(s.option) : (s.fallback ?? false);
    out[s.name] = shown(s.kind, s.option === 'WPLANG' && value === '' ? 'en_US' : value);
  }
  return out;
}

export function settingsRoutes(reg: WpV2Registrations): Array<RouteDef<WpRestContext>> {
  const args = Object.fromEntries(SETTINGS.map((s) => [s.name, argOf(s)])) as Record<string, z.ZodType>;
  const permission = (req: { ctx: WpRestContext }) => reg.hasCap(req.ctx.principal, 'manage_options');
  const read = endpoint<WpRestContext, Record<string, never>>({ methods: ['GET'], args: {}, permission, handler: (req) => settingsObject(req.ctx) });
  const write = endpoint<WpRestContext, typeof args>({
    methods: ['POST', 'PUT', 'PATCH'],
    args,
    permission,
    handler: async (req) => {
      const written = new Map<string, PhpValue | false>();
      await req.ctx.wp.transaction(async (wp) => {
        // update_option() fires `updated_option` only for a value that changed.
        const before = await getOptions(wp, SETTINGS.map((s) => s.option));
        const changed: string[] = [];
        for (const s of SETTINGS) {
          if (req.params[s.name] === null) {
            await deleteOption(wp, s.option);
            written.set(s.option, false);
            continue;
          }
          const value = req.args[s.name] as string | number | boolean | undefined;
          if (value === undefined) continue;
          const stored = typeof value === 'string' && s.sanitize ? s.sanitize(value) : value;
          if (stored === undefined) continue;
          // update_option() stores false as '' and true as '1'; the answer shows the value as given.
          const saved = typeof stored === 'boolean' ? (stored ? '1' : '') : stored;
          await updateOption(wp, s.option, saved);
          written.set(s.option, stored);
          if (before.has(s.option) && maybeSerialize(before.get(s.option) as PhpValue) !== maybeSerialize(saved)) changed.push(s.option);
        }
        if (changed.length > 0) await reg.optionsUpdated?.(req.ctx, wp, changed);
      });
      return settingsObject(req.ctx, written);
    },
  });
  return [{ path: '/settings', endpoints: [read, write], schema: settingsSchema }];
}
