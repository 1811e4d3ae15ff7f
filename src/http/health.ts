import type { Request, Response } from 'express';
import type { Database } from '../db/database';
import { CORE_TABLES } from '../db/schema';

/**
 * Health checks for load balancers and orchestrators, outside /wp-json: `GET /healthz` says the process is alive
 * (no database work), `GET /readyz` says it can serve — the primary answers within a bound and has WordPress's
 * core tables — and lists each read replica's state. A replica that is down does not make the service unready:
 * its reads go to the primary.
 */

export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** A primary that does not answer within this time counts as down. */
const READY_TIMEOUT_MS = 2000;

export function healthz(_req: Request, res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).json({ status: 'ok' });
}

export function readyz(db: Database, prefix: string) {
  return async (_req: Request, res: Response): Promise<void> => {
    const primary = await primaryState(db, prefix);
    const replicas = (db.replicas?.statuses() ?? []).map((r) => ({
      name: r.name,
      state: r.state,
      lag_seconds: r.lagSeconds,
      ...(r.reason ? { reason: r.reason } : {}),
    }));
    const ready = primary.state === 'up';
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', primary, replicas });
  };
}

async function primaryState(db: Database, prefix: string): Promise<{ state: 'up' | 'down'; reason?: string; missing_tables?: string[] }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    // One statement: the table list proves the primary answers and that the WordPress tables are there.
    const listing = db.dialect.listTables(db.knex);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    });
    const tables = new Set((await Promise.race([listing, timeout])).map((t) => t.toLowerCase()));
    const missing = CORE_TABLES.map((t) => `${prefix}${t}`).filter((t) => !tables.has(t.toLowerCase()));
    return missing.length > 0 ? { state: 'down', reason: 'WordPress tables are missing', missing_tables: missing } : { state: 'up' };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { state: 'down', reason: e.code ? `${e.code}: ${e.message ?? ''}`.trim() : String(e.message ?? error) };
  } finally {
    clearTimeout(timer);
  }
}
