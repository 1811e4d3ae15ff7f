import type { RestError } from '../../http/errors';
import { tecError } from './tec-errors';

/**
 * The acknowledgement every tec/v1 endpoint but `/docs` and the namespace index wants in `X-TEC-EEA`: this sentence,
 * compared trimmed and lower-cased. It is checked inside the endpoints' callbacks, so after argument validation and
 * the permission check.
 */
export const TEC_ACKNOWLEDGEMENT =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

export const ACKNOWLEDGEMENT_HEADER = 'x-tec-eea';

/** The refusal for the request's headers, or undefined when the acknowledgement is there. */
export function acknowledgementError(headers: Record<string, string | string[] | undefined>): RestError | undefined {
  const raw = headers[ACKNOWLEDGEMENT_HEADER];
  const value = (Array.isArray(raw) ? raw.join(', ') : (raw ?? '')).trim();
  if (value === '') return tecError('missing_experimental_endpoint_acknowledgement', { args: ['missing'] });
  return value.toLowerCase() === TEC_ACKNOWLEDGEMENT.toLowerCase() ? undefined : tecError('missing_experimental_endpoint_acknowledgement', { args: ['wrong'] });
}
