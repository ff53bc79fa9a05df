// `npm run test:<project>`: one vitest project (vitest.config.ts) with what it needs first: the Debian packages its
// tests use, the built console for the browser tests, and the shared services for the server and cluster tests.
// Extra arguments go to vitest: `npm run test:server -- apps/server/test/logs-list.test.ts`.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePackages } from './install-packages.mjs';
import { findTestProject, projectEnvironment } from './test-projects.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(command, args, environment = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...environment } });
  if (result.status !== 0) process.exit(result.status || 1);
}

const [name, ...vitestArguments] = process.argv.slice(2);
let project;
try {
  project = findTestProject(name ?? '');
  ensurePackages(project.packages);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (project.needsConsoleBuild) run(npm, ['run', 'build', '-w', '@turnpike/console']);
run(npx, ['vitest', 'run', '--project', project.name, ...vitestArguments], projectEnvironment(project));
