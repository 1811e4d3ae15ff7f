import recorded from '../../fixtures/plugin/kses-functions.json';
import { tecSanitizeString } from '../../../src/calendar/post-resource/tec-sanitize';
import { convertInvalidEntities } from '../../../src/wp/post-save-filters';
import { sanitizeTextField, stripTags } from '../../../src/wp/text/formatting';
import { wpKses } from '../../../src/wp/text/kses';
import { badProtocol } from '../../../src/wp/text/kses-protocols';
import { safecssFilterAttr } from '../../../src/wp/text/safecss';

/**
 * WordPress 7.0.4's own text filters, called in the oracle's WordPress tree on hand-picked edge cases and seeded
 * random HTML (tests/fixtures/plugin/kses-functions.json, recorded by scripts/record-kses-functions.ts), against
 * their ports.
 */

const PORTS: Record<string, (input: string) => string> = {
  kses_post: (x) => wpKses(x, 'post'),
  kses_data: (x) => wpKses(x, 'data'),
  kses_description: (x) => wpKses(x, 'description'),
  safecss: safecssFilterAttr,
  bad_protocol: badProtocol,
  sanitize_text_field: sanitizeTextField,
  tec_sanitize_string: tecSanitizeString,
  convert_invalid_entities: convertInvalidEntities,
  strip_tags: stripTags,
};

describe.each(Object.keys(PORTS))('%s', (fn) => {
  const cases = recorded.cases.filter((c) => c.fn === fn);
  it('has recorded cases', () => expect(cases.length).toBeGreaterThan(10));
  it.each(cases.map((c) => [JSON.stringify(c.input), c.input, c.output] as const))('%s', (_label, input, output) => {
    expect(PORTS[fn]!(input)).toBe(output);
  });
});
