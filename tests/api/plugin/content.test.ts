import { pluginCalendar, recorded, replay, useTestAppOnPluginRows } from '../../support/plugin-answers';

/**
 * Rendered descriptions as the plugin answers them (recorded): classic content through wpautop, block-editor
 * content rendered as blocks (WordPress 7.0 class names) and never run through wpautop.
 */

const t = useTestAppOnPluginRows();

const names = pluginCalendar().calendar.events.map((id) => `event ${id} admin`).filter((name) => recorded(name).status === 200);

it('covers block content', () => {
  expect(names.some((name) => recorded(name).body.includes('wp-block-paragraph'))).toBe(true);
});

it.each(names)('%s: description and excerpt', async (name) => {
  const res = await replay(t, name);
  const expected = JSON.parse(recorded(name).body);
  expect({ description: res.body.description, excerpt: res.body.excerpt }).toEqual({ description: expected.description, excerpt: expected.excerpt });
});
