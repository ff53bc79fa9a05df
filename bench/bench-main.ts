// `npm run bench`: runs the selected sections, prints tables and checks, writes bench/results/<timestamp>.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBenchOptions } from './bench-options';
import { stopAll } from './bench-processes';
import { BenchReport } from './bench-report';
import { runBreakdownSection } from './breakdown-section';
import { runLogsSection } from './logs-section';
import { runMetricsCostSection } from './metrics-cost-section';
import { runSensitiveWordsSection } from './sensitive-words-section';
import { runSoakSection } from './soak-section';
import { runThroughputSection } from './throughput-section';

/** bench/dist/bench-main.mjs → the repository root. */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Installs wrk from Debian when missing (scripts/install-packages.mjs); false when that is not possible here. */
function ensureWrk(): boolean {
  if (fs.existsSync('/usr/bin/wrk')) return true;
  const result = spawnSync(process.execPath, [path.join(repositoryRoot, 'scripts/install-packages.mjs'), 'wrk'], { stdio: 'inherit' });
  return result.status === 0 && fs.existsSync('/usr/bin/wrk');
}

async function main(): Promise<number> {
  let options;
  try {
    options = readBenchOptions(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const report = new BenchReport();
  const interrupt = (): void => {
    console.error('\ninterrupted: stopping the benchmark processes');
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  console.log(`Turnpike benchmark on Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(2)}: figures move with whatever else the machine runs.`);
  if ((options.main || options.breakdown) && options.generator === 'wrk' && !ensureWrk()) {
    console.log('wrk could not be installed (it comes from Debian\'s apt, as root): the main runs use autocannon.');
    options.generator = 'autocannon';
  }
  try {
    if (options.main) await runThroughputSection(options, repositoryRoot, report);
    if (options.breakdown) await runBreakdownSection(options, repositoryRoot, report);
    if (options.soak) await runSoakSection(options, repositoryRoot, report);
    if (options.logs) await runLogsSection(options, repositoryRoot, report);
    if (options.metrics) runMetricsCostSection(report);
    if (options.sensitive) runSensitiveWordsSection(report);
  } catch (error) {
    report.check('benchmark ran to the end', false, (error as Error).stack ?? String(error));
  } finally {
    await stopAll();
  }
  const file = report.write(path.join(repositoryRoot, 'bench/results'), options);
  const failed = report.checks.filter((check) => !check.pass);
  console.log(`\n${report.checks.length - failed.length}/${report.checks.length} checks passed${failed.length ? `; FAILED: ${failed.map((check) => check.name).join('; ')}` : ''}.`);
  console.log(`Results: ${path.relative(repositoryRoot, file)}`);
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
