// The log store at scale (issue 6 §2): seed millions of log rows in SQLite (the batch writer's rate is timed), then
// time the admin log list and the stat call through Turnpike's API, with the console's default filters and none.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { summarise, type LatencySummary } from './bench-load';
import type { BenchOptions } from './bench-options';
import { runNodeScript } from './bench-processes';
import type { BenchReport, Cell } from './bench-report';
import { freshDataDir, startTurnpike } from './bench-turnpike';
import { runFirstSetup, TurnpikeSession } from './turnpike-admin';

/** A seeding phase's rate. */
interface SeedRate {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

/** One timed API call. */
interface QueryFigures {
  name: string;
  path: string;
  calls: number;
  latency: LatencySummary;
  /** What the call reported: the list's total, or the stat's quota. */
  answer: number;
}

const timedCalls = 40;

async function timeQuery(session: TurnpikeSession, name: string, query: string): Promise<QueryFigures> {
  const read = async (): Promise<number> => {
    const data = await session.call<{ total?: number; quota?: number }>('GET', query);
    return data.total ?? data.quota ?? 0;
  };
  for (let warm = 0; warm < 3; warm += 1) await read();
  const samples: number[] = [];
  let answer = 0;
  for (let call = 0; call < timedCalls; call += 1) {
    const startedAt = performance.now();
    answer = await read();
    samples.push(performance.now() - startedAt);
  }
  return { name, path: query, calls: timedCalls, latency: summarise(samples), answer };
}

/** Runs the logs section and adds its tables, checks and figures to the report. */
export async function runLogsSection(options: BenchOptions, repositoryRoot: string, report: BenchReport): Promise<void> {
  const dataDir = freshDataDir();
  const sqlitePath = path.join(dataDir, 'turnpike.db');
  const batcherRows = Math.min(options.logRows, 200_000);
  console.log(`\nLog store: seeding ${options.logRows.toLocaleString('en-US')} rows (${batcherRows.toLocaleString('en-US')} through the settlement batcher, the rest by bulk insert) into ${sqlitePath}`);
  const seeded = JSON.parse(await runNodeScript('log seeder', [path.join(repositoryRoot, 'bench/dist/log-seed-process.mjs'), JSON.stringify({ sqlitePath, rows: options.logRows, batcherRows })])) as { batcher: SeedRate; bulk: SeedRate };
  const turnpike = await startTurnpike(repositoryRoot, options, dataDir);
  try {
    await runFirstSetup(turnpike.process.url, 'benchroot', 'bench-root-password');
    const root = await TurnpikeSession.login(turnpike.process.url, 'benchroot', 'bench-root-password');
    const now = new Date();
    // The console's default window: from the start of today (local time) to an hour from now.
    const start = Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000);
    const end = Math.floor(now.getTime() / 1000) + 3600;
    const window = `type=0&start_timestamp=${start}&end_timestamp=${end}&username=&token_name=&model_name=&channel=&group=`;
    const queries: QueryFigures[] = [];
    queries.push(await timeQuery(root, 'log list, console default (today, page 1)', `/api/log/?p=1&page_size=10&${window}`));
    queries.push(await timeQuery(root, 'log stat, console default (today)', `/api/log/stat?${window}`));
    queries.push(await timeQuery(root, 'log list, no filter (page 1)', '/api/log/?p=1&page_size=10'));
    queries.push(await timeQuery(root, 'log stat, no filter', '/api/log/stat'));
    queries.push(await timeQuery(root, 'log list, one user, today (page 1)', `/api/log/?p=1&page_size=10&type=0&username=user-7&start_timestamp=${start}&end_timestamp=${end}`));
    const listed = queries.find((query) => query.name.startsWith('log list, no filter'))?.answer ?? 0;
    report.check('logs: every seeded row is listed', listed === options.logRows, `the unfiltered list counts ${listed.toLocaleString('en-US')} rows for ${options.logRows.toLocaleString('en-US')} seeded`);
    report.table(
      `Log store: ${options.logRows.toLocaleString('en-US')} rows in SQLite`,
      ['phase', 'rows', 'seconds', 'rows/s'],
      [
        ['settlement batcher (reservation gate, balances, logs, hourly buckets)', seeded.batcher.rows, seeded.batcher.seconds, seeded.batcher.rowsPerSecond],
        ['bulk insert (seeding only)', seeded.bulk.rows, seeded.bulk.seconds, seeded.bulk.rowsPerSecond],
      ],
    );
    report.table(
      'Log API under that store (sequential calls, ms)',
      ['call', 'calls', 'p50', 'p95', 'max', 'answer'],
      queries.map((query): Cell[] => [query.name, query.calls, query.latency.p50, query.latency.p95, query.latency.max, query.answer]),
    );
    const slowest = (prefix: string): number => Math.max(...queries.filter((query) => query.name.startsWith(prefix) && query.name.includes('console default')).map((query) => query.latency.p95));
    const targets = [
      { target: 'batch writer ≥ 20,000 rows/s', figure: `${Math.round(seeded.batcher.rowsPerSecond).toLocaleString('en-US')} rows/s`, met: seeded.batcher.rowsPerSecond >= 20_000 },
      { target: 'admin log list (default filters, page 1) p95 ≤ 150 ms', figure: `${slowest('log list').toFixed(1)} ms`, met: slowest('log list') <= 150 },
      { target: 'stat call (default filters) p95 ≤ 150 ms', figure: `${slowest('log stat').toFixed(1)} ms`, met: slowest('log stat') <= 150 },
    ];
    report.table('Log store targets (figures, not checks)', ['target', 'figure', 'met'], targets.map((row): Cell[] => [row.target, row.figure, row.met ? 'yes' : 'no']));
    report.sections.logs = { rows: options.logRows, seeded, queries, targets };
  } finally {
    await turnpike.stop();
  }
}
