import { entry, errorCatalogue } from '../../http/errors';
import { RestResponse } from '../../http/response';

/**
 * The errors of The Events Calendar's `tec/v1` API. Its own WP_Errors follow WordPress's shape; its endpoints'
 * failures after the permission check answer a bare `{"error": …}` (no code, no data), and a page past the end of a
 * list `{code, message}` without data, under the organizers' code for every type.
 */

export const tecError = errorCatalogue({
  missing_experimental_endpoint_acknowledgement: entry(400, (kind: 'missing' | 'wrong') =>
    kind === 'missing' ? 'Experimental endpoint requires acknowledgement header.' : 'Experimental endpoint requires appropriate acknowledgement header.',
  ),
});

/** The endpoints' own failures: a status and a sentence under `error`. */
const ENTITY_ERRORS = {
  read: [404, 'The entity could not be read.'],
  update: [404, 'The entity could not be updated.'],
  delete: [404, 'The entity could not be deleted.'],
  createFailed: [500, 'Failed to create entity.'],
  updateFailed: [500, 'Failed to update entity.'],
  alreadyTrashed: [410, 'The entity has already been trashed.'],
} as const satisfies Record<string, readonly [number, string]>;

/** Thrown by an operation, answered as the bare `{"error": …}` body. */
export class EntityFailure extends Error {
  constructor(readonly kind: keyof typeof ENTITY_ERRORS) {
    super(ENTITY_ERRORS[kind][1]);
  }

  response(): RestResponse {
    const [status, message] = ENTITY_ERRORS[this.kind];
    return new RestResponse({ error: message }, status);
  }
}

/** A page past the end of any list. */
export const pageNotFound = (): RestResponse => new RestResponse({ code: 'tec_rest_organizers_page_not_found', message: 'The requested page was not found.' }, 404);
