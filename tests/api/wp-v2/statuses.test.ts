import { replayRecordedReads } from '../../support/wp-v2-read-suite';

/**
 * WordPress's `wp/v2/statuses` routes answer the recorded reads as the plugin's site did: the public statuses for
 * anyone, the others and `trash` for those who may edit a type's posts (contributors up), every context, one status,
 * the refusals, OPTIONS with the status schema (tests/fixtures/plugin/wp-v2/reads.json and reads-extra.json).
 */
replayRecordedReads('wp/v2 post statuses', /^\/wp\/v2\/statuses(\/|\?|$)/, 30);
