// `npm run bench`: runs the selected sections, prints tables and checks, writes bench/results/<timestamp>.json.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBenchOptions } from './bench-options';
import { stopAll } from './bench-processes';
import { BenchReport } from './bench-report';
import { runLogsSection } from './logs-section';
import { runSensitiveWordsSection } from './sensitive-words-section';
import { runSoakSection } from './soak-section';
import { runThroughputSection } from './throughput-section';

/** bench/dist/bench-main.mjs → the repository root. */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
  try {
    if (options.main) await runThroughputSection(options, repositoryRoot, report);
    if (options.soak) await runSoakSection(options, repositoryRoot, report);
    if (options.logs) await runLogsSection(options, repositoryRoot, report);
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
