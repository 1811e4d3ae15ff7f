import type { CalendarRequestContext } from '../site/calendar-context';
import { localKey, type RestRequest } from '../../http/routes';
import { calendarEnv, type CalendarEnv } from '../site/calendar-env';
import type { OperationInput } from './define';
import { writePreparation } from './write-preparation';

/**
 * Where the calendar's routes meet the REST server: the request's calendar environment and the plain input the
 * operations take, each built once per request and shared by its validate, permission and handler stages (the input
 * carries what validation prepared for the write). Nothing past the routes sees a request.
 */

export type Req = RestRequest<Record<string, unknown>, CalendarRequestContext>;

const ENV = localKey<Promise<CalendarEnv>>('calendar environment');
const INPUT = localKey<OperationInput<unknown>>('operation input');

export const envOf = (req: Pick<Req, 'ctx' | 'namespace' | 'locals'>): Promise<CalendarEnv> => req.locals.memo(ENV, () => calendarEnv(req.ctx, req.namespace));

export const inputOf = <A>(req: RestRequest<A, CalendarRequestContext>): OperationInput<A> =>
  // The one input of the request, whichever stage asks first: its arguments are the route's (A) for every stage.
  req.locals.memo(INPUT, (): OperationInput<unknown> => ({ args: req.args, params: req.params, query: req.query, locals: req.locals, prepared: writePreparation(req.ctx) })) as OperationInput<A>;
