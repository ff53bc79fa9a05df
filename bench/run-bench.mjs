// Entry of `npm run bench`. The benchmark is TypeScript (type-checked with the rest of the repository) and imports
// the mock upstream and the settlement batcher from their TypeScript sources, so it is bundled with esbuild first,
// as apps/server/build.mjs bundles the server. Node 20 cannot run TypeScript itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleBench } from './bench-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

/** Runs an npm script at the repository root, stopping the benchmark when it fails. */
function npm(...scriptArgs) {
  const result = spawnSync('npm', scriptArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Measure the current source: the full build when there is none, else the server bundle alone (a second or two).
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) npm('run', 'build');
else if (!args.includes('--no-build')) npm('run', 'build', '-w', '@turnpike/server');

await bundleBench(root, path.join(root, 'bench/dist'));

await import(path.join(root, 'bench/dist/bench-main.mjs'));
