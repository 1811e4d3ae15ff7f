import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * WORKERS=N: the supervisor process forks N copies of the service with Node's cluster module; they share the
 * listening port (the supervisor hands connections out round-robin). Workers hold no state another worker needs:
 * every request reads the database. A worker that dies is replaced (after a growing pause when workers keep dying
 * at start, so a broken configuration does not spin). SIGTERM or SIGINT is passed to every worker, each drains its
 * in-flight requests through its own shutdown, and the supervisor exits once all have stopped.
 */

export interface SupervisorOptions {
  workers: number;
  log: Logger;
  /** How long the workers get to finish in-flight requests before they are killed. */
  drainTimeoutMs?: number;
  /** Serves the sum of the workers' metrics on this port (METRICS_PORT). */
  metrics?: { port: number; host: string };
}

const MAX_RESTART_DELAY_MS = 10_000;

export function superviseWorkers(options: SupervisorOptions): void {
  const { log } = options;
  /** Running workers, and whether each has started listening. */
  const running = new Map<Worker, { listening: boolean }>();
  let failedStarts = 0;
  let stopping = false;
  /** Exit code of the supervisor: 1 when a worker failed to stop cleanly. */
  let stopCode = 0;
  let metricsServer: Server | undefined;

  const fork = (): void => {
    const worker = cluster.fork();
    running.set(worker, { listening: false });
    log.info({ worker: worker.process.pid }, 'worker started');
  };

  cluster.on('listening', (worker) => {
    const state = running.get(worker);
    if (state) state.listening = true;
    failedStarts = 0;
  });

  cluster.on('exit', (worker, code, signal) => {
    const listened = running.get(worker)?.listening ?? false;
    running.delete(worker);
    if (stopping) {
      log.info({ worker: worker.process.pid, code, signal }, 'worker stopped');
      if (typeof code === 'number' && code !== 0) stopCode = 1;
      if (running.size === 0) finish(stopCode);
      return;
    }
    // A worker that dies before it listens failed to start: wait longer before each new attempt.
    failedStarts = listened ? 0 : failedStarts + 1;
    const delay = failedStarts === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 100 * 2 ** failedStarts);
    log.warn({ worker: worker.process.pid, code, signal, restartInMs: delay }, 'worker died; starting a replacement');
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const finish = (code: number): void => {
    if (metricsServer) metricsServer.close();
    process.exit(code);
  };

  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: running.size }, 'shutting down');
    if (running.size === 0) return finish(0);
    for (const worker of running.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.warn({ workers: [...running.keys()].map((w) => w.process.pid) }, 'workers did not stop in time; killing them');
      for (const worker of running.keys()) worker.process.kill('SIGKILL');
      finish(1);
    }, options.drainTimeoutMs ?? 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (options.metrics) {
    const { port, host } = options.metrics;
    // prom-client is loaded only when metrics are asked for.
    void import('../metrics/metrics-server').then(({ clusterSource, startMetricsServer }) => {
      metricsServer = startMetricsServer(clusterSource(), port, host, (error) => log.error({ err: error }, 'metrics endpoint failed'));
      metricsServer.on('listening', () => log.info({ url: `http://${host}:${port}/metrics` }, 'metrics listening'));
    });
  }
  log.info({ workers: options.workers }, 'starting workers');
  for (let i = 0; i < options.workers; i++) fork();
}
