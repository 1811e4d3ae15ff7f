const { createApp } = require('/work/main/dist/app');
const { createDatabase } = require('/work/main/dist/db/database');
const { parseDatabaseUrl } = require('/work/main/dist/config/config');
const supertest = require('/work/main/node_modules/supertest');
(async () => {
  const db = createDatabase(parseDatabaseUrl(process.argv[2]));
  const app = createApp({ db, tablePrefix: 'wp_', clock: () => new Date('2025-06-01T12:00:00Z') });
  const agent = supertest(app);
  const url = process.argv[3];
  const times = new Map(); const starts = new Map();
  db.knex.on('query', (q) => starts.set(q.__knexQueryUid, [process.hrtime.bigint(), q.sql]));
  db.knex.on('query-response', (_r, q) => { const s = starts.get(q.__knexQueryUid); if (!s) return; const k = s[1].slice(0, 110); const a = times.get(k) || []; a.push(Number(process.hrtime.bigint() - s[0]) / 1e6); times.set(k, a); });
  for (let i = 0; i < 5; i++) await agent.get(url);
  times.clear();
  const t0 = process.hrtime.bigint(); const N = 20;
  for (let i = 0; i < N; i++) await agent.get(url);
  console.log('per request ms', Number(process.hrtime.bigint() - t0) / 1e6 / N);
  for (const [k, a] of times) { a.sort((x, y) => x - y); console.log(a[a.length >> 1].toFixed(2).padStart(7), a.length, k); }
  await db.close();
})();
