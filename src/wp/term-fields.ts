import { sanitizeTextField, sanitizeTitle, wpSpecialChars } from './text/formatting';
import { wpFilterKses, wpKses } from './text/kses';
import { addSlashes, stripSlashes } from './text/slashes';

/**
 * sanitize_term($term, $taxonomy, 'db') for the fields wp_insert_term / wp_update_term store, with the filters
 * WordPress attaches by default (default-filters.php): names are plain text with `&`, `<`, `>` as entities
 * ("Rock & Roll" is stored as "Rock &amp; Roll"), descriptions keep only the few tags wp_filter_kses allows. (These filters run for every user.)
 */

/**
 * pre_term_name: sanitize_text_field, wp_filter_kses, _wp_specialchars, on the name as wp_insert_term() is given it
 * (slashed), which then strips one level of backslashes. A name that is not `slashed` is slashed first, as
 * WordPress's callers do, and keeps its backslashes.
 */
export function termNameForDb(name: string, slashed = false): string {
  return plainTextForDb(name, slashed);
}

/**
 * The filter chain WordPress gives every plain-text name field (pre_term_name, pre_user_display_name,
 * pre_user_first_name, pre_user_last_name, pre_user_nickname): sanitize_text_field, wp_filter_kses, _wp_specialchars.
 */
export function plainTextForDb(text: string, slashed = false): string {
  const filtered = addSlashes(wpFilterKses(stripSlashes(sanitizeTextField(slashed ? text : addSlashes(text)))));
  return stripSlashes(wpSpecialChars(filtered));
}

/**
 * pre_term_description: wp_filter_kses, whose context for descriptions also lets links carry `rel` and `target`
 * (a `slashed` description loses one level of backslashes, as for names).
 */
export function termDescriptionForDb(description: string, slashed = false): string {
  return wpKses(slashed ? stripSlashes(description) : description, 'description');
}

/** pre_term_slug: sanitize_title. */
export function termSlugForDb(slug: string): string {
  return sanitizeTitle(slug);
}


/** PHP 8 strtolower(): ASCII letters only. */
export const phpLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
