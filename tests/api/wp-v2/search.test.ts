import { replayRecordedReads } from '../../support/wp-v2-read-suite';

/**
 * WordPress's `wp/v2/search` answers the recorded searches as the plugin's site did (reads.json, reads-extra.json):
 * posts, pages and events by relevance, their terms by name, subtypes, include/exclude, paging and its links, each
 * result's embeddable link with the caller's methods, the refusals and OPTIONS.
 */
replayRecordedReads('wp/v2 search', /^\/wp\/v2\/search(\/|\?|$)/, 30);
