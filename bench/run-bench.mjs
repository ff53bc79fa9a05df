// Entry of `npm run bench`. The benchmark is TypeScript (type-checked with the rest of the repository) and imports
// the mock upstream and the settlement batcher from their TypeScript sources, so it is bundled with esbuild first,
// as apps/server/build.mjs bundles the server. Node 20 cannot run TypeScript itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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

const manifest = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const external = [manifest('package.json').devDependencies, manifest('apps/server/package.json').dependencies, manifest('packages/testing/package.json').devDependencies].flatMap((dependencies) => Object.keys(dependencies ?? {}));

await build({
  absWorkingDir: root,
  entryPoints: {
    'bench-main': 'bench/bench-main.ts',
    'mock-upstream-process': 'bench/mock-upstream-process.ts',
    'log-seed-process': 'bench/log-seed-process.ts',
  },
  outdir: 'bench/dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  logLevel: 'warning',
});

await import(path.join(root, 'bench/dist/bench-main.mjs'));
