import { maybeSerialize, maybeUnserialize, type PhpValue } from '../php/php-serialize';
import type { WpData } from './wp-handle';

/** The options table: get_option / add_option / update_option semantics (wp-includes/option.php). */

export interface OptionRow {
  option_name: string;
  option_value: string;
  autoload: string;
}

/** Reads several options in one query; missing options are absent from the map. Values are unserialized. */
export async function getOptions(wp: WpData, names: readonly string[]): Promise<Map<string, PhpValue | false>> {
  const rows: OptionRow[] = await wp.knex(wp.t.options).select('option_name', 'option_value').whereIn('option_name', [...names]);
  const byName = new Map<string, PhpValue | false>();
  // Collations are case-insensitive, so map each row back to the name that was asked for.
  const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
  for (const row of rows) byName.set(lower.get(row.option_name.toLowerCase()) ?? row.option_name, maybeUnserialize(row.option_value));
  return byName;
}

/** An option's stored text, unserialized by nobody (for byte-exact edits of serialized arrays); undefined when absent. */
export async function getOptionRaw(wp: WpData, name: string): Promise<string | undefined> {
  const row: OptionRow | undefined = await wp.knex(wp.t.options).select('option_name', 'option_value').where('option_name', name).first();
  return row?.option_value ?? undefined;
}

/**
 * getOptions() and, in the same statement, whether each of `tables` exists (by the name asked): what a request needs to know
 * about the site before its first query, in one round trip.
 */
export async function getOptionsAndTables(wp: WpData, names: readonly string[], tables: readonly string[]): Promise<OptionsAndTables> {
  const columns = ['is_table', 'option_name', 'option_value'] as const;
  const optionRows = wp.knex(wp.t.options).select(wp.knex.raw('0 AS ??', [columns[0]]), columns[1], columns[2]).whereIn('option_name', [...names]);
  const rows: Array<OptionRow & { is_table: number | string }> = await (tables.length === 0 ? optionRows : optionRows.unionAll(wp.dialect.existingTables(wp.knex, tables, columns)));
  const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const lowerTables = new Map(tables.map((t) => [t.toLowerCase(), t]));
  const byName = new Map<string, PhpValue | false>();
  const found = new Map(tables.map((t) => [t, false]));
  for (const row of rows) {
    if (Number(row.is_table) === 1) found.set(lowerTables.get(row.option_name.toLowerCase()) ?? row.option_name, true);
    else byName.set(lower.get(row.option_name.toLowerCase()) ?? row.option_name, maybeUnserialize(row.option_value));
  }
  const stored = rows.filter((row) => Number(row.is_table) !== 1).map((row) => `${row.option_name}\u0000${row.option_value}`);
  return { options: byName, tables: found, stored: stored.sort().join('\u0000') };
}

export interface OptionsAndTables {
  options: Map<string, PhpValue | false>;
  tables: Map<string, boolean>;
  /** The rows read, as stored: equal texts, equal options (a key for what was computed from them). */
  stored: string;
}

export async function getOption(wp: WpData, name: string): Promise<PhpValue | false | undefined> {
  return (await getOptions(wp, [name])).get(name);
}

/**
 * add_option(): inserts unless the option exists. Options added by this service use WordPress 6.6+'s
 * explicit autoload values ('on' / 'off').
 */
export async function addOption(wp: WpData, name: string, value: unknown, autoload: 'on' | 'off' = 'on'): Promise<void> {
  // add_option builds its INSERT with %s, so null is stored as ''.
  await wp
    .knex(wp.t.options)
    .insert({ option_name: name, option_value: maybeSerialize(value) ?? '', autoload })
    .onConflict('option_name')
    .ignore();
}

/** update_option(): rewrites the value of an existing option, or adds it. */
export async function updateOption(wp: WpData, name: string, value: unknown, autoload: 'on' | 'off' = 'on'): Promise<void> {
  const updated = await wp.knex(wp.t.options).where({ option_name: name }).update({ option_value: maybeSerialize(value) ?? '' });
  if (updated === 0) await addOption(wp, name, value, autoload);
}

/**
 * delete_option() then add_option() of a value already in its stored (serialized) form, as WordPress regenerates
 * cache options such as `{taxonomy}_children`; the new row takes WordPress 6.6+'s default autoload, 'auto'.
 */
export async function recreateOptionRaw(wp: WpData, name: string, stored: string): Promise<void> {
  await wp.knex(wp.t.options).where({ option_name: name }).delete();
  await wp.knex(wp.t.options).insert({ option_name: name, option_value: stored, autoload: 'auto' });
}

/** delete_option(). */
export async function deleteOption(wp: WpData, name: string): Promise<void> {
  await wp.knex(wp.t.options).where({ option_name: name }).delete();
}
