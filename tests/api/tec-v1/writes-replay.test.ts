import { tecWrites } from '../../support/tec-v1-answers';
import { recordedPosts, replayRecorded, withoutColumns, type Row } from '../../support/tec-v1-replay';

/**
 * The plugin's tec/v1 write scenarios (tests/fixtures/plugin/tec-v1/writes.json) replayed on fresh copies of the
 * recorded rows, each step with the clock of its recording: the same status and body (the ids of the posts a
 * scenario creates and the times within a minute of the step read alike), and the posts it creates hold the
 * plugin's rows. Scenarios the service answers differently by a project decision are listed in DECIDED_OTHERWISE with the reason.
 */

const DECIDED_OTHERWISE: Array<[RegExp, string]> = [
  // Decision (docs/compat/tec-v1.md): a contributor's create or update is scaled back to pending, as on
  // tribe/events/v1, where the plugin lets contributors publish (fault 9).
  [/ as contributor$/, 'contributors do not publish'],
  // Decision: the featured image is set (`_thumbnail_id`), where the plugin stores a plain meta (fault 10).
  [/^create event: (featured_media|everything)$/, 'featured_media sets the image'],
  // Decision: title, content and excerpt keep their HTML (through kses), where the plugin strips it (fault 20).
  [/^create event: content and excerpt$/, 'HTML kept'],
];

/**
 * Scenarios whose answers match and whose created rows differ only in the columns named, with the reason. Decision:
 * title, content and excerpt keep their HTML (through kses), where the plugin strips it (fault 20).
 */
const COLUMNS_NOT_COMPARED: Array<[RegExp, string[]]> = [[/^create (venue|organizer): full$/, ['post_content']]];

const scenarios = tecWrites().filter((s) => !DECIDED_OTHERWISE.some(([re]) => re.test(s.name)));

describe.each(scenarios.map((s) => [s.name, s] as const))('%s', (_, scenario) => {
  it('answers as the plugin', async () => {
    const { recorded, existing, replayed } = await replayRecorded(scenario);
    expect(replayed.answers).toEqual(recorded);
    // The posts it created hold the same columns (but those a decision writes otherwise) and calendar meta.
    const skipped = COLUMNS_NOT_COMPARED.find(([re]) => re.test(scenario.name))?.[1] ?? [];
    expect(withoutColumns(replayed.created, skipped)).toEqual(withoutColumns(recordedPosts(scenario.rows as Record<string, { added?: Row[] }>), skipped));
    // The calendar's own posts it changed hold the plugin's calendar meta.
    expect(replayed.existing).toEqual(existing);
  });
});
