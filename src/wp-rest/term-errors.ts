import { restError, type RestError } from '../http/errors';
import { TermWriteError } from '../wp/terms';

/** WP_Error of wp_insert_term / wp_update_term as the REST server renders it. */
export function termWriteError(error: unknown): unknown {
  if (!(error instanceof TermWriteError)) return error;
  const bare = { shape: { nullData: true } };
  const mapped: Record<TermWriteError['code'], () => RestError> = {
    // The controller adds the existing id twice: once alone, once with the status (WordPress 5.6+ keeps both).
    term_exists: () =>
      restError(error.hierarchical ? 'term_exists_hierarchical' : 'term_exists_flat', {
        data: { term_id: error.termId },
        shape: { additionalData: [error.termId, error.termId] },
      }),
    empty_term_name: () => restError('empty_term_name', bare),
    invalid_term_name: () => restError('invalid_term_name', bare),
    missing_parent: () => restError('missing_parent', bare),
    duplicate_term_slug: () => restError('duplicate_term_slug', { args: [error.slug ?? ''], ...bare }),
  };
  return mapped[error.code]();
}

