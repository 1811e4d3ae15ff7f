import type { AppContext } from '../../app-context';
import { localKey, type RestRequest } from '../../http/routes';
import { calendarEnv, type CalendarEnv } from '../site/calendar-env';
import type { OperationInput } from './define';

/**
 * Where the calendar's routes meet the REST server: the request's calendar environment, built once per request, and
 * the plain input the operations take. Nothing past the routes sees a request.
 */

export type Req = RestRequest<Record<string, any>, AppContext>;

const ENV = localKey<Promise<CalendarEnv>>('calendar environment');

export const envOf = (req: Pick<Req, 'ctx' | 'namespace' | 'locals'>): Promise<CalendarEnv> => req.locals.memo(ENV, () => calendarEnv(req.ctx, req.namespace));

export const inputOf = <A>(req: RestRequest<A, AppContext>): OperationInput<A> => ({ args: req.args, params: req.params, query: req.query, locals: req.locals });
