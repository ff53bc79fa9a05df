// Installs the Debian packages the test suite needs when their program is missing (apt-get, noninteractive).
// Usable as a module (`ensurePackages`) and as a command: `node scripts/install-packages.mjs redis-server postgresql-15`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Each package the suite may need, with the program whose presence proves it is installed. */
export const systemPackages = [
  { name: 'chromium', program: '/usr/bin/chromium' },
  { name: 'redis-server', program: '/usr/bin/redis-server' },
  { name: 'postgresql-15', program: '/usr/lib/postgresql/15/bin/initdb' },
  { name: 'mariadb-server', program: '/usr/sbin/mariadbd' },
  // Chinese text in the browser tests' screenshots (the console's zh looks); without it Chromium draws empty boxes.
  { name: 'fonts-noto-cjk', program: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc' },
  // The benchmark's load generator (`npm run bench`); the test suite never needs it, so only a named request installs it.
  { name: 'wrk', program: '/usr/bin/wrk', benchOnly: true },
];

const policyFile = '/usr/sbin/policy-rc.d';

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
}

/**
 * Installs the named packages (all the test suite's when none are named) whose program is missing.
 * Runs `apt-get update` once first; keeps package scripts from starting system-wide daemons.
 * Returns the names of the packages it installed.
 */
export function ensurePackages(names = systemPackages.filter((entry) => !entry.benchOnly).map((entry) => entry.name)) {
  const missing = names.filter((name) => {
    const known = systemPackages.find((entry) => entry.name === name);
    if (!known) throw new Error(`unknown system package: ${name}`);
    return !fs.existsSync(known.program);
  });
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0) throw new Error(`missing Debian packages (${missing.join(', ')}); install them as root: apt-get install -y ${missing.join(' ')}`);
  // Package scripts would start system-wide redis/postgres/mariadb daemons; policy-rc.d exit 101 forbids that.
  const addedPolicy = !fs.existsSync(policyFile);
  if (addedPolicy) fs.writeFileSync(policyFile, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    run('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'update']);
    run('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', ...missing]);
  } finally {
    if (addedPolicy) fs.rmSync(policyFile, { force: true });
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const installed = ensurePackages(process.argv.slice(2).length > 0 ? process.argv.slice(2) : undefined);
    console.log(installed.length > 0 ? `installed: ${installed.join(', ')}` : 'all packages present');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
