// `node bench/idle-memory.mjs [--runs N] [--snapshot]`: starts the production build (apps/server/dist/main.js; run
// `npm run build` first) as issue 22 measures it (SQLite in a temporary folder, NODE_ENV=production, LOG_LEVEL=warn,
// CHANNEL_TEST_FREQUENCY=0, --max-semi-space-size=8), lets it idle, runs a full GC and prints its RSS and V8 heap
// used (median of the runs). With --snapshot it also writes a heap snapshot and lists the loaded scripts' source
// text by npm package: what to load on first use next.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const withSnapshot = args.includes('--snapshot');
const idleMs = 4000;

// Preloaded into the server: after `idleMs`, three full GCs, one JSON line of figures, an optional snapshot, then SIGTERM.
const probe = `
import v8 from 'node:v8';
setTimeout(() => {
  for (let i = 0; i < 3; i += 1) globalThis.gc();
  const { rss, heapUsed } = process.memoryUsage();
  console.error('IDLE-MEMORY ' + JSON.stringify({ rss, heapUsed }));
  if (process.env.IDLE_SNAPSHOT) v8.writeHeapSnapshot(process.env.IDLE_SNAPSHOT);
  process.kill(process.pid, 'SIGTERM');
}, ${idleMs});`;

/** Starts the build once; answers its figures (bytes) after the idle time. */
function measureOnce(snapshotFile) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-idle-'));
  const environment = { PATH: process.env.PATH ?? '', SQLITE_PATH: path.join(folder, 'turnpike.db'), NODE_ENV: 'production', LOG_LEVEL: 'warn', CHANNEL_TEST_FREQUENCY: '0', PORT: '0', HOST: '127.0.0.1' };
  if (snapshotFile) environment.IDLE_SNAPSHOT = snapshotFile;
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--expose-gc', `--import=data:text/javascript,${encodeURIComponent(probe)}`, 'apps/server/dist/main.js'], { cwd: root, env: environment, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('exit', () => {
      fs.rmSync(folder, { recursive: true, force: true });
      const line = errors.split('\n').find((text) => text.startsWith('IDLE-MEMORY '));
      if (line) resolve(JSON.parse(line.slice('IDLE-MEMORY '.length)));
      else reject(new Error(`the server stopped without figures: ${errors}`));
    });
  });
}

/** Sums the source text of every script in a heap snapshot by npm package (or file outside node_modules). */
function sourcesByPackage(file) {
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
  const { node_fields: nodeFields, edge_fields: edgeFields, node_types: nodeTypes, edge_types: edgeTypes } = snapshot.snapshot.meta;
  const { nodes, edges, strings } = snapshot;
  const nodeWidth = nodeFields.length;
  const edgeWidth = edgeFields.length;
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ['type', 'name', 'self_size', 'edge_count'].map((field) => nodeFields.indexOf(field));
  const [edgeTypeAt, edgeNameAt, edgeToAt] = ['type', 'name_or_index', 'to_node'].map((field) => edgeFields.indexOf(field));
  const firstEdge = new Uint32Array(nodes.length / nodeWidth);
  for (let index = 0, edge = 0; index < firstEdge.length; index += 1) {
    firstEdge[index] = edge;
    edge += nodes[index * nodeWidth + edgeCountAt] * edgeWidth;
  }
  const edgesOf = function* (at) {
    for (let edge = firstEdge[at / nodeWidth], left = nodes[at + edgeCountAt]; left > 0; left -= 1, edge += edgeWidth) {
      const kind = edgeTypes[0][edges[edge + edgeTypeAt]];
      yield { name: kind === 'internal' || kind === 'property' ? strings[edges[edge + edgeNameAt]] : '', to: edges[edge + edgeToAt] };
    }
  };
  // A source may be a concatenated or sliced string: count the strings it is made of.
  const sizeOf = (at, depth = 0) => {
    const kind = nodeTypes[0][nodes[at + typeAt]];
    let size = nodes[at + sizeAt];
    if ((kind === 'concatenated string' || kind === 'sliced string') && depth < 50) for (const { to } of edgesOf(at)) size += sizeOf(to, depth + 1);
    return size;
  };
  const totals = new Map();
  for (let at = 0; at < nodes.length; at += nodeWidth) {
    if (nodeTypes[0][nodes[at + typeAt]] !== 'code') continue;
    let source = -1;
    let url = '';
    for (const { name, to } of edgesOf(at)) {
      if (name === 'source') source = sizeOf(to);
      if (name === 'name') url = strings[nodes[to + nameAt]];
    }
    if (source < 0) continue;
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(url);
    const key = inPackage ? inPackage[1] : url.startsWith('node:') ? 'node: (Node.js itself)' : url.replace(`file://${root}/`, '').replace(`${root}/`, '') || '(no name)';
    const entry = totals.get(key) ?? { bytes: 0, scripts: 0 };
    entry.bytes += source;
    entry.scripts += 1;
    totals.set(key, entry);
  }
  return [...totals].sort((a, b) => b[1].bytes - a[1].bytes);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const figures = [];
for (let run = 0; run < runs; run += 1) figures.push(await measureOnce(null));
const mb = (bytes) => (bytes / 1048576).toFixed(1);
console.log(`idle, after a full GC, median of ${runs}: RSS ${mb(median(figures.map((f) => f.rss)))} MiB, V8 heap used ${mb(median(figures.map((f) => f.heapUsed)))} MiB`);
console.log(`  runs: RSS ${figures.map((f) => mb(f.rss)).join(', ')}; heap used ${figures.map((f) => mb(f.heapUsed)).join(', ')}`);
if (withSnapshot) {
  const file = path.join(os.tmpdir(), `turnpike-idle-${process.pid}.heapsnapshot`);
  await measureOnce(file);
  const rows = sourcesByPackage(file);
  fs.rmSync(file, { force: true });
  const total = rows.reduce((sum, [, entry]) => sum + entry.bytes, 0);
  console.log(`\nsource text of loaded scripts: ${mb(total)} MiB; the largest:`);
  for (const [name, entry] of rows.slice(0, 30)) console.log(`${(entry.bytes / 1024).toFixed(0).padStart(7)} KiB ${String(entry.scripts).padStart(4)} scripts  ${name}`);
}
