// Bundles the benchmark's TypeScript entries with esbuild (the bench imports the mock upstream and the settlement
// batcher from their sources, as apps/server/build.mjs bundles the server). Shared by `npm run bench` and the unit
// test that starts the bundled mock upstream, so a bundle that cannot start is caught by the suite.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The bench's entry points, by output name. */
export const benchEntries = {
  'bench-main': 'bench/bench-main.ts',
  'mock-upstream-process': 'bench/mock-upstream-process.ts',
  'log-seed-process': 'bench/log-seed-process.ts',
};

/** Bundles `entries` (default: every bench entry) from the repository at `root` into `outdir` as `.mjs` files. */
export async function bundleBench(root, outdir, entries = benchEntries) {
  const manifest = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  const external = [manifest('package.json').devDependencies, manifest('apps/server/package.json').dependencies, manifest('packages/testing/package.json').devDependencies].flatMap((dependencies) => Object.keys(dependencies ?? {}));
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external,
    logLevel: 'warning',
  });
}
