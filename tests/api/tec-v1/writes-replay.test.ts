import { replayTec, tecCalendar, tecWrites, type TecRecorded } from '../../support/tec-v1-answers';
import { startOnPluginRows } from '../../support/plugin-answers';
import type { TestApp } from '../../support/test-app';

/**
 * The plugin's tec/v1 write scenarios (tests/fixtures/plugin/tec-v1/writes.json) replayed on fresh copies of the
 * recorded rows, each step with the clock of its recording: the same status and body (the ids of the posts a
 * scenario creates and the times within a minute of the step read alike). Scenarios the service answers
 * differently are listed in NOT_YET with the reason.
 */

const NOT_YET: Array<[RegExp, string]> = [];

const scenarios = tecWrites().filter((s) => !NOT_YET.some(([re]) => re.test(s.name)));

/** Times within a minute of the step, and the ids the scenario's posts got on each side, written alike. */
function folded(body: string, date: string, ids: Map<number, number>): string {
  const at = Date.parse(date);
  let out = body.replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/g, (t) => (Math.abs(Date.parse(`${t.replace(' ', 'T')}Z`) - at) <= 60_000 ? '<now>' : t));
  for (const [ours, theirs] of ids) {
    out = out.replace(new RegExp(`("id":|post-|p=|\\\\/)${ours}\\b`, 'g'), `$1${theirs}`);
  }
  return out;
}

async function replayScenario(steps: TecRecorded[]) {
  const t: TestApp = await startOnPluginRows({ ...tecCalendar(), recordedAt: steps[0]!.date });
  const ids = new Map<number, number>();
  const answers = [];
  try {
    for (const step of steps) {
      let path = step.path;
      for (const [ours, theirs] of ids) path = path.replace(new RegExp(`/${theirs}\\b`), `/${ours}`);
      const res = await replayTec(t, { ...step, path });
      if (step.method === 'POST' && res.status === 201) ids.set(res.body.id, JSON.parse(step.body).id);
      answers.push({ status: res.status, body: folded(res.text, step.date, ids) });
    }
  } finally {
    await t.close();
  }
  return answers;
}

describe.each(scenarios.map((s) => [s.name, s] as const))('%s', (_, scenario) => {
  it('answers as the plugin', async () => {
    const ids = new Map<number, number>();
    const recorded = scenario.steps.map((s) => ({ status: s.status, body: folded(s.body, s.date, ids) }));
    expect(await replayScenario(scenario.steps)).toEqual(recorded);
  });
});
