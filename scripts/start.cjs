'use strict';
/**
 * `npm start`: serves the built service (dist/main.js) in this same process. `npm ci` has built it (`prepare`);
 * the build is redone first only when a source or TypeScript setting is newer than the last build's record
 * (dist/.tsbuildinfo), and then incrementally (`tsc -b`: only what changed). Comparing modification times costs a
 * few milliseconds where asking TypeScript costs a quarter of a second of CPU at every start. Workers forked with
 * WORKERS > 1 run this file too: only the first process checks.
 */
const { spawnSync } = require('node:child_process');
const cluster = require('node:cluster');
const { readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(file) : statSync(file).mtimeMs);
  }
  return latest;
}

function builtAt() {
  try {
    return statSync(path.join(root, 'dist/.tsbuildinfo')).mtimeMs;
  } catch {
    return 0;
  }
}

if (cluster.isPrimary) {
  const sources = Math.max(newest(path.join(root, 'src')), ...['tsconfig.json', 'tsconfig.build.json'].map((f) => statSync(path.join(root, f)).mtimeMs));
  if (sources > builtAt()) {
    process.stderr.write('sources changed since the last build: building what changed (tsc -b)\n');
    const built = spawnSync(process.execPath, [require.resolve('typescript/lib/tsc.js'), '-b', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

require('../dist/main.js');
