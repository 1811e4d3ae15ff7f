import { randomUUID } from 'node:crypto';
import { restError } from '../http/errors';
import { getOption, updateOption } from '../wp/options';
import { phpSerialize, phpUnserialize, type PhpValue } from '../php/php-serialize';
import { nextIntegerKey, readSerializedArray, serializedKey, setSerializedEntry, writeSerializedArray, type SerializedEntry } from '../php/php-serialized-array';
import { sanitizeTextField } from '../wp/text/formatting';
import { getUserMetaRows, updateUserMetaSerialized } from '../wp/users';
import type { WpData } from '../wp/wp-handle';
import { stripApplicationPassword } from './basic-auth';
import { checkApplicationPassword, generatePassword, hashApplicationPassword } from './password-hashes';

/**
 * WP_Application_Passwords: the usermeta list `_application_passwords` and the option that says the feature
 * is in use (WP_Application_Passwords::record_application_password_usage()). Entries are edited in place: an entry that
 * is not being changed keeps every byte WordPress wrote.
 */

const APPLICATION_PASSWORDS_META = '_application_passwords';
const IN_USE_OPTION = 'using_application_passwords';
/** WP_Application_Passwords::PW_LENGTH */
const PASSWORD_LENGTH = 24;
const DAY_IN_SECONDS = 86400;

export interface ApplicationPassword {
  uuid: string;
  app_id: string;
  name: string;
  /** The stored hash. */
  password: string;
  created: number;
  last_used: number | null;
  last_ip: string | null;
}

interface StoredList {
  entries: SerializedEntry[];
  items: Array<Record<string, PhpValue>>;
}

/** PHP 8's strtolower: ASCII letters only. */
const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

const unixTime = (now: Date): number => Math.floor(now.getTime() / 1000);

/** The stored list as written, or an empty one when the meta is missing or not an array (as WordPress reads it). */
async function readList(wp: WpData, userId: number): Promise<StoredList> {
  const [first] = await getUserMetaRows(wp, userId, APPLICATION_PASSWORDS_META);
  const entries = first?.meta_value ? readSerializedArray(first.meta_value) : null;
  if (!entries) return { entries: [], items: [] };
  const items = entries.map((e) => {
    const value = phpUnserialize(e.valueText);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  });
  return { entries, items };
}

async function writeList(wp: WpData, userId: number, entries: SerializedEntry[]): Promise<void> {
  await updateUserMetaSerialized(wp, userId, APPLICATION_PASSWORDS_META, writeSerializedArray(entries));
}

/**
 * get_user_application_passwords(): entries without a uuid get one, and the list is saved, as WordPress
 * does on every read.
 */
async function loadList(wp: WpData, userId: number): Promise<StoredList> {
  const list = await readList(wp, userId);
  let changed = false;
  list.items.forEach((item, i) => {
    const entry = list.entries[i]!;
    // Only an entry that is an array can take a uuid (WordPress would fail on anything else).
    if ((item.uuid !== undefined && item.uuid !== null) || !readSerializedArray(entry.valueText)) return;
    item.uuid = randomUUID();
    list.entries[i] = { ...entry, valueText: withEntryField(entry.valueText, 'uuid', item.uuid) };
    changed = true;
  });
  if (changed) await writeList(wp, userId, list.entries);
  return list;
}

/** One field of one serialized entry changed, the entry's other fields untouched. */
function withEntryField(valueText: string, field: string, value: unknown): string {
  const fields = readSerializedArray(valueText);
  if (!fields) return valueText;
  return writeSerializedArray(setSerializedEntry(fields, field, value));
}

export async function listApplicationPasswords(wp: WpData, userId: number): Promise<ApplicationPassword[]> {
  const { items } = await loadList(wp, userId);
  return items.map((item) => ({
    uuid: String(item.uuid ?? ''),
    app_id: String(item.app_id ?? ''),
    name: String(item.name ?? ''),
    password: typeof item.password === 'string' ? item.password : '',
    created: Number(item.created ?? 0),
    last_used: item.last_used === null || item.last_used === undefined ? null : Number(item.last_used),
    last_ip: item.last_ip === null || item.last_ip === undefined ? null : String(item.last_ip),
  }));
}

/** The first stored application password the (already stripped) password matches, in stored order. */
export async function findMatchingApplicationPassword(wp: WpData, userId: number, password: string): Promise<ApplicationPassword | null> {
  for (const item of await listApplicationPasswords(wp, userId)) {
    if (item.password !== '' && checkApplicationPassword(password, item.password)) return item;
  }
  return null;
}

/**
 * record_application_password_usage(): `last_used` and `last_ip` of the entry, at most once a day
 * (`last_used + DAY_IN_SECONDS > time()` leaves it alone). Returns whether the row was rewritten.
 */
export async function recordApplicationPasswordUsage(wp: WpData, userId: number, uuid: string, ip: string, now: Date): Promise<boolean> {
  return wp.transaction(async (trx) => {
    const list = await loadList(trx, userId);
    const index = list.items.findIndex((item) => item.uuid === uuid);
    if (index === -1) return false;
    const time = unixTime(now);
    if (Number(list.items[index]!.last_used ?? 0) + DAY_IN_SECONDS > time) return false;
    const entry = list.entries[index]!;
    let valueText = withEntryField(entry.valueText, 'last_used', time);
    valueText = withEntryField(valueText, 'last_ip', ip);
    list.entries[index] = { ...entry, valueText };
    await writeList(trx, userId, list.entries);
    return true;
  });
}

export interface CreatedApplicationPassword {
  /** The plain password, shown once; WordPress keeps only its hash. */
  password: string;
  item: ApplicationPassword;
}

/**
 * WP_Application_Passwords::create_new_application_password(): a 24-character password (or the one given) hashed with
 * wp_fast_hash, appended to the user's list, and `using_application_passwords` switched on (stored the way
 * update_network_option stores it on a single site: `1`, not autoloaded).
 */
export async function createApplicationPassword(
  wp: WpData,
  userId: number,
  args: { name: string; appId?: string; now: Date; password?: string },
): Promise<CreatedApplicationPassword> {
  const name = sanitizeTextField(args.name);
  if (name === '') throw restError('application_password_empty_name');
  return wp.transaction(async (trx) => {
    const list = await loadList(trx, userId);
    if (list.items.some((item) => asciiLower(String(item.name ?? '')) === asciiLower(name))) throw restError('application_password_duplicate_name');
    // A known password (fixtures) is stored as WordPress checks one: in its stripped form.
    const password = args.password !== undefined ? stripApplicationPassword(args.password) : generatePassword(PASSWORD_LENGTH);
    if (password === '') throw restError('application_password_empty_password');
    const item: ApplicationPassword = {
      uuid: randomUUID(),
      app_id: args.appId ?? '',
      name,
      password: hashApplicationPassword(password),
      created: unixTime(args.now),
      last_used: null,
      last_ip: null,
    };
    const key = nextIntegerKey(list.entries);
    await writeList(trx, userId, [...list.entries, { key, keyText: serializedKey(key), valueText: phpSerialize(item) }]);
    if (!isTruthyOption(await getOption(trx, IN_USE_OPTION))) await updateOption(trx, IN_USE_OPTION, true, 'off');
    return { password, item };
  });
}

/** Removes one entry (WP_Application_Passwords::delete_application_password); the others keep their keys. */
export async function deleteApplicationPassword(wp: WpData, userId: number, uuid: string): Promise<boolean> {
  return wp.transaction(async (trx) => {
    const list = await loadList(trx, userId);
    const index = list.items.findIndex((item) => item.uuid === uuid);
    if (index === -1) return false;
    await writeList(trx, userId, list.entries.filter((_, i) => i !== index));
    return true;
  });
}

/** WP_Application_Passwords::is_in_use(): the option, read as PHP's (bool). */
export async function applicationPasswordsInUse(wp: WpData): Promise<boolean> {
  return isTruthyOption(await getOption(wp, IN_USE_OPTION));
}

function isTruthyOption(value: PhpValue | false | undefined): boolean {
  return !(value === undefined || value === false || value === null || value === '' || value === '0' || value === 0);
}
