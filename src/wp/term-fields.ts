import { sanitizeTextField, sanitizeTitle, wpSpecialChars } from './text/formatting';
import { wpFilterKses } from './text/kses';

/**
 * sanitize_term($term, $taxonomy, 'db') for the fields wp_insert_term / wp_update_term store, with the filters
 * WordPress attaches by default (default-filters.php): names are plain text with `&`, `<`, `>` as entities
 * ("Rock & Roll" is stored as "Rock &amp; Roll"), descriptions keep only the few tags wp_filter_kses allows.
 */

/** pre_term_name: sanitize_text_field, wp_filter_kses, _wp_specialchars. */
export function termNameForDb(name: string): string {
  return wpSpecialChars(wpFilterKses(sanitizeTextField(name)));
}

/** pre_term_description: wp_filter_kses. */
export function termDescriptionForDb(description: string): string {
  return wpFilterKses(description);
}

/** pre_term_slug: sanitize_title. */
export function termSlugForDb(slug: string): string {
  return sanitizeTitle(slug);
}


/** PHP 8 strtolower(): ASCII letters only. */
export const phpLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
