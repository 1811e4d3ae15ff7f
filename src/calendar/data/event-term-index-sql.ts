import type { TriggerSpec } from '../../db/dialect';
import type { WpData } from '../../wp/wp-handle';
import { DEFERRED_FLAG, EVENT_INDEX_COLUMNS, EVENT_TERM_INDEX_TABLE, eventIndexTable } from './event-index-sql';

/**
 * The SQL of the event term index: one row per term relationship of an event post (any taxonomy), carrying the
 * event index's columns under keys that lead with the term, so a list filtered by a category or a tag counts the
 * events of the term in its window from one key range per term, where the event index alone probes the
 * relationships of every event of the window (15,793 probes for the default window at 100,000 events).
 *
 * Its rows are the join of the event index and the relationships, and its triggers keep it so: three on the
 * relationships (a term added to a post, moved, removed) and three on the event index itself (an event's row
 * written, changed, removed), which the event index's own triggers on the posts and postmeta fire in the same
 * statement — so every writer of a post, its meta or its terms keeps it exact, as it keeps the event index.
 * An event index row written with REPLACE fires its insert trigger (SQLite fires no delete trigger for the row a
 * REPLACE removes): that trigger therefore rewrites the post's term rows whole.
 */

export { EVENT_TERM_INDEX_TABLE };
export const eventTermIndexTable = (prefix: string) => `${prefix}${EVENT_TERM_INDEX_TABLE}`;

const TERM_INDEX_COLUMNS = ['term_taxonomy_id', ...EVENT_INDEX_COLUMNS];
/** The event index's columns but the post id, copied from an event index row. */
const CARRIED = EVENT_INDEX_COLUMNS.filter((c) => c !== 'post_id');

const TRIGGERS = ['relationship_insert', 'relationship_update', 'relationship_delete', 'index_insert', 'index_update', 'index_delete'];
export const eventTermIndexTriggerNames = (prefix: string): string[] => TRIGGERS.map((s) => `${prefix}${EVENT_TERM_INDEX_TABLE}_${s}`);

/**
 * Term index rows of the relationships `tr` of the event index rows `x` matching `where`, as an INSERT … SELECT
 * (a rebuild, or a bulk writer's batch).
 */
export const termRowsSql = (wp: WpData, where: string) =>
  `REPLACE INTO ${eventTermIndexTable(wp.prefix)} (${TERM_INDEX_COLUMNS.join(', ')}) SELECT tr.term_taxonomy_id, ${EVENT_INDEX_COLUMNS.map((c) => `x.${c}`).join(', ')} FROM ${eventIndexTable(wp.prefix)} x JOIN ${wp.t.term_relationships} tr ON tr.object_id = x.post_id WHERE ${where}`;

/** The six triggers of the term index. */
export function eventTermIndexTriggers(wp: WpData): TriggerSpec[] {
  const table = eventTermIndexTable(wp.prefix);
  const index = eventIndexTable(wp.prefix);
  const name = (suffix: string) => `${wp.prefix}${EVENT_TERM_INDEX_TABLE}_${suffix}`;
  const common = { unlessSessionFlag: DEFERRED_FLAG };
  const insert = `REPLACE INTO ${table} (${TERM_INDEX_COLUMNS.join(', ')})`;
  // The relationship's row, from its post's event index row (none when the post is not an event).
  const rowOfRelationship = `${insert} SELECT NEW.term_taxonomy_id, ${EVENT_INDEX_COLUMNS.map((c) => `x.${c}`).join(', ')} FROM ${index} x WHERE x.post_id = NEW.object_id`;
  // The rows of every term of the event index row NEW.
  const rowsOfEvent = `${insert} SELECT tr.term_taxonomy_id, ${EVENT_INDEX_COLUMNS.map((c) => `NEW.${c}`).join(', ')} FROM ${wp.t.term_relationships} tr WHERE tr.object_id = NEW.post_id`;
  const removeRelationship = `DELETE FROM ${table} WHERE term_taxonomy_id = OLD.term_taxonomy_id AND post_id = OLD.object_id`;
  return [
    { ...common, name: name('relationship_insert'), table: wp.t.term_relationships, event: 'INSERT', statements: [rowOfRelationship] },
    { ...common, name: name('relationship_update'), table: wp.t.term_relationships, event: 'UPDATE', statements: [removeRelationship, rowOfRelationship] },
    { ...common, name: name('relationship_delete'), table: wp.t.term_relationships, event: 'DELETE', statements: [removeRelationship] },
    { ...common, name: name('index_insert'), table: index, event: 'INSERT', statements: [`DELETE FROM ${table} WHERE post_id = NEW.post_id`, rowsOfEvent] },
    {
      ...common,
      name: name('index_update'),
      table: index,
      event: 'UPDATE',
      statements: [
        `DELETE FROM ${table} WHERE post_id = OLD.post_id AND OLD.post_id <> NEW.post_id`,
        `UPDATE ${table} SET ${CARRIED.map((c) => `${c} = NEW.${c}`).join(', ')} WHERE post_id = NEW.post_id`,
        `${rowsOfEvent} AND OLD.post_id <> NEW.post_id`,
      ],
    },
    { ...common, name: name('index_delete'), table: index, event: 'DELETE', statements: [`DELETE FROM ${table} WHERE post_id = OLD.post_id`] },
  ];
}
