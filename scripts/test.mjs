// `npm test`: installs the Debian packages the suite needs, then lint → typecheck → build → every vitest project
// (unit, server, cluster, agents, browser: scripts/test-projects.mjs). Stops at the first failing stage with a non-zero exit
// code. Extra arguments go to one vitest run over every project instead: `npm test -- apps/server/test/logs-list.test.ts`.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePackages } from './install-packages.mjs';
import { projectEnvironment, testProjects } from './test-projects.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function header(title) {
  const line = '='.repeat(72);
  console.log(`\n${line}\n== ${title}\n${line}`);
}

function run(title, command, args, environment = {}) {
  header(title);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...environment } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    process.exit(result.status || 1);
  }
  console.log(`✓ ${title} passed in ${seconds} s`);
}

header('System packages (chromium, redis-server, postgresql-15, mariadb-server, fonts-noto-cjk)');
try {
  const installed = ensurePackages();
  console.log(installed.length > 0 ? `installed: ${installed.join(', ')}` : 'all present, nothing to install');
} catch (error) {
  console.error(`✗ installing system packages failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

run('Lint', npm, ['run', 'lint']);
run('Typecheck', npm, ['run', 'typecheck']);
run('Build (console + server)', npm, ['run', 'build']);
// The server and cluster projects each get one Redis, PostgreSQL and MariaDB for their run (scripts/test-services.ts),
// stopped by PID at its end.
const vitestArguments = process.argv.slice(2);
if (vitestArguments.length > 0) run('Tests (vitest, every project)', npx, ['vitest', 'run', ...vitestArguments], { TURNPIKE_SHARED_SERVICES: '1' });
else for (const project of testProjects) run(project.title, npx, ['vitest', 'run', '--project', project.name], projectEnvironment(project));

console.log('\nAll stages passed.');
