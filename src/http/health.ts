import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { CORE_TABLES } from '../db/schema';

/**
 * Health checks for load balancers and orchestrators, outside /wp-json: `GET /healthz` says the process is alive
 * (no database work), `GET /readyz` says it can serve — the primary answers within a bound and has WordPress's
 * core tables — and lists each read replica's state. A replica that is down does not make the service unready:
 * its reads go to the primary. The probe needs no credentials, so it names no host, port, user or driver message:
 * why the database does not answer goes to the log.
 */

export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** A primary that does not answer within this time counts as down. */
const READY_TIMEOUT_MS = 2000;

export function healthz(_req: Request, res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).json({ status: 'ok' });
}

/** The reason a client sees when the primary fails the check; the driver's own message is logged. */
const PRIMARY_DOWN = 'the database does not answer';

export function readyz(db: Database, prefix: string, log: Logger) {
  // The failure last logged, so that a probe every few seconds logs a lasting outage once.
  let logged: string | undefined;
  return async (_req: Request, res: Response): Promise<void> => {
    const primary = await primaryState(db, prefix);
    if (primary.error !== undefined && primary.error !== logged) log.warn({ reason: primary.error }, 'readiness check: the primary database does not answer');
    if (primary.error === undefined && logged !== undefined) log.info('readiness check: the primary database answers again');
    logged = primary.error;
    const replicas = (db.replicas?.statuses() ?? []).map((r) => ({
      name: r.name,
      state: r.state,
      lag_seconds: r.lagSeconds,
      ...(r.reason ? { reason: r.reason } : {}),
    }));
    const ready = primary.state === 'up';
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', primary: primary.state === 'up' ? { state: 'up' } : primary.public, replicas });
  };
}

type PrimaryState = { state: 'up'; error?: undefined } | { state: 'down'; public: { state: 'down'; reason: string; missing_tables?: string[] }; error?: string };

async function primaryState(db: Database, prefix: string): Promise<PrimaryState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    // One statement: the table list proves the primary answers and that the WordPress tables are there.
    const listing = db.dialect.listTables(db.knex);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    });
    const tables = new Set((await Promise.race([listing, timeout])).map((t) => t.toLowerCase()));
    const missing = CORE_TABLES.map((t) => `${prefix}${t}`).filter((t) => !tables.has(t.toLowerCase()));
    if (missing.length === 0) return { state: 'up' };
    return { state: 'down', public: { state: 'down', reason: 'WordPress tables are missing', missing_tables: missing } };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    const detail = e.code ? `${e.code}: ${e.message ?? ''}`.trim() : String(e.message ?? error);
    return { state: 'down', public: { state: 'down', reason: PRIMARY_DOWN }, error: detail };
  } finally {
    clearTimeout(timer);
  }
}
