import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { withReadRouting } from '../../src/db/routed-database';
import { createMetrics } from '../../src/metrics/metrics';
import { registrySource, startMetricsServer } from '../../src/metrics/metrics-server';
import { useTestApp } from '../support/test-app';
import { TRIBE_API } from '../support/rest-paths';

/** The Prometheus endpoint (METRICS_PORT): its own port, the families an operator graphs. */

let request: supertest.Agent;
let server: Server;
let metricsUrl: string;

// Declared before the app's: the metrics server stops before the database closes.
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
const t = useTestApp();
beforeAll(async () => {
  const metrics = createMetrics();
  const db = withReadRouting(t.testDb.db, loadConfig({}), { observe: metrics.observeQuery });
  metrics.watch(db);
  request = supertest.agent(createApp({ db, metrics }));
  server = startMetricsServer(registrySource(metrics.registry), 0, '127.0.0.1', (error) => {
    throw error;
  });
  await new Promise((resolve) => server.once('listening', resolve));
  metricsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
});

describe('metrics', () => {
  it('counts requests by route pattern and status, with their latency and the statements they ran', async () => {
    await request.get(`${TRIBE_API}/events`).expect(200);
    await request.get(`${TRIBE_API}/events/999999`).expect(404);
    await request.get(`${TRIBE_API}/events/999998`).expect(404);
    await request.get(`${TRIBE_API}/nothing-here`).expect(404);
    await request.get('/healthz').expect(200);
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    for (const family of ['http_requests_total counter', 'http_request_duration_seconds histogram', 'db_query_duration_seconds histogram', 'db_pool_connections gauge', 'db_replica_lag_seconds gauge', 'db_replica_up gauge', 'process_cpu_seconds_total counter']) {
      expect(text).toContain(`# TYPE ${family}`);
    }
    expect(text).toContain('http_requests_total{method="GET",route="/tribe/events/v1/events",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/tribe/events/v1/events/(?P<id>\\\\d+)",status="404"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="rest_no_route",status="404"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/healthz",status="200"} 1');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/tribe\/events\/v1\/events",status="200"\} 1/);
    expect(text).toMatch(/db_query_duration_seconds_count\{database="primary"\} [1-9]\d*/);
    expect(text).toMatch(/db_pool_connections\{database="primary",state="used"\} 0/);
  });

  it('answers only GET /metrics, and the API port does not serve it', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
    expect((await request.get('/metrics')).status).toBe(404);
  });
});
