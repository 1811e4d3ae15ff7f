import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * The Prometheus endpoint on a port of its own (METRICS_PORT), so it is never exposed with the API: `GET /metrics`
 * answers the text exposition format; anything else is a 404. `source` gives the text at each scrape: one
 * registry, or the sum of every worker's (AggregatorRegistry.clusterMetrics) when the supervisor serves it.
 */

export interface MetricsSource {
  contentType: string;
  text(): Promise<string>;
}

export function registrySource(registry: Registry): MetricsSource {
  return { contentType: registry.contentType, text: () => registry.metrics() };
}

/** In the supervisor: asks every worker for its metrics over the cluster channel and adds them up. */
export function clusterSource(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, text: () => aggregator.clusterMetrics() };
}

/** In a worker: the registries the supervisor's AggregatorRegistry reads (prom-client answers on the IPC channel). */
export function offerToSupervisor(registry: Registry): void {
  // Constructing one is what makes prom-client answer the supervisor's requests in a worker.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

export function startMetricsServer(source: MetricsSource, port: number, host: string, onError: (error: unknown) => void): Server {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    source.text().then(
      (text) => res.writeHead(200, { 'Content-Type': source.contentType }).end(req.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        onError(error);
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable');
      },
    );
  });
  server.on('error', onError);
  server.listen(port, host);
  return server;
}
