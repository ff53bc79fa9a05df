// The flags of `npm run bench -- …`.
import { parseArgs } from 'node:util';

/** What to run and how hard. */
export interface BenchOptions {
  /** The side-by-side throughput and latency runs (the default section). */
  main: boolean;
  soak: boolean;
  logs: boolean;
  /** The sensitive-word costs (in process, a few seconds): run with the main runs, or alone with --sensitive. */
  sensitive: boolean;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Rounds of the main runs: each round measures every target once, and ratios are taken round by round. */
  rounds: number;
  /** Length of each 1-connection latency run. */
  singleSeconds: number;
  soakStreams: number;
  /** How long the soak keeps its streams open (each stream lasting `soakStreamSeconds`). */
  soakSeconds: number;
  soakStreamSeconds: number;
  soakChunkMs: number;
  logRows: number;
  /** Rebuild the server bundle first (on by default, so the figures are for the current source). */
  build: boolean;
  /** Run Turnpike under `node --cpu-prof` and keep the profile in this folder (null: no profile). */
  profileDir: string | null;
  /** Which targets the main runs and the soak load (all three by default). */
  targets: string[];
  /** Which modes the main runs measure (non-streaming and streaming by default). */
  modes: string[];
  /** Turnpike's LOG_LEVEL (warn by default: no per-request lines). */
  logLevel: string;
  /** Run Turnpike with its Prometheus metrics on (METRICS_ENABLED), to measure what they cost. */
  metrics: boolean;
  /** Run the feature breakdown (the same load with one feature off at a time) instead of the main runs. */
  breakdown: boolean;
  /** The main runs' load generator: wrk (default; installed from Debian when missing) or autocannon. */
  generator: 'wrk' | 'autocannon';
}

export const benchUsage = `npm run bench -- [flags]
  --duration N       seconds of each measured run (default 10)
  --warmup N         seconds of warm-up before each run (default 3)
  --connections N    concurrent connections (default 50)
  --rounds N         rounds of the main runs, each target once a round; ratios are medians of the rounds' (default 3)
  --single N         seconds of each 1-connection latency run (default 5)
  --soak             run the streaming soak (2,000 slow streams) instead of the main runs
  --soak-streams N   concurrent streams of the soak (default 2000)
  --soak-duration N  seconds the soak keeps its streams going (default 30)
  --breakdown        measure Turnpike with one feature off at a time (log, buckets, rate limit, channel selection)
                     instead of the main runs; with --profile also the top functions by self time
  --logs             seed the log store and time the log list and stat calls instead of the main runs
  --log-rows N       rows to seed (default 5000000)
  --sensitive        time the sensitive-word check alone (it also runs with the main runs)
  --main             also run the main runs together with --soak or --logs
  --no-build         use apps/server/dist as it is
  --targets LIST     targets of the main runs and the soak, comma-separated (default direct,baseline,turnpike)
  --modes LIST       modes of the main runs, comma-separated (default non-streaming,streaming)
  --log-level LEVEL  Turnpike's LOG_LEVEL (default warn; info adds a log line per request and per answer)
  --generator NAME   the main runs' load generator: wrk (default; saturates the target, timed runs) or autocannon
                     (Node, a fixed number of requests so billing is checked to the unit); 1-connection runs use autocannon
  --metrics          run Turnpike with its Prometheus metrics on (METRICS_ENABLED=true), and measure the metrics'
                     CPU per relay call in-process (with the main runs: as a share of Turnpike's CPU per request)
  --profile DIR      run Turnpike under node --cpu-prof, writing the .cpuprofile into DIR`;

const knownTargets = ['direct', 'baseline', 'turnpike'];
const knownModes = ['non-streaming', 'streaming'];

/** Reads a comma-separated list of known names (all of them when the flag is absent). */
function readList(flag: string, raw: string | undefined, known: string[]): string[] {
  if (raw === undefined) return known;
  const names = raw.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length || names.length === 0) throw new Error(`--${flag} takes a list of ${known.join(', ')}\n\n${benchUsage}`);
  return names;
}

/** Reads `--generator` (wrk unless told otherwise). */
function readGenerator(raw: string | undefined): 'wrk' | 'autocannon' {
  if (raw === undefined || raw === 'wrk') return 'wrk';
  if (raw === 'autocannon') return 'autocannon';
  throw new Error(`--generator takes wrk or autocannon\n\n${benchUsage}`);
}

/** Reads the flags; throws with the usage on an unknown flag or a bad number. */
export function readBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      rounds: { type: 'string' },
      single: { type: 'string' },
      soak: { type: 'boolean' },
      'soak-streams': { type: 'string' },
      'soak-duration': { type: 'string' },
      logs: { type: 'boolean' },
      breakdown: { type: 'boolean' },
      sensitive: { type: 'boolean' },
      'log-rows': { type: 'string' },
      main: { type: 'boolean' },
      'no-build': { type: 'boolean' },
      profile: { type: 'string' },
      targets: { type: 'string' },
      modes: { type: 'string' },
      'log-level': { type: 'string' },
      metrics: { type: 'boolean' },
      generator: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) throw new Error(benchUsage);
  const number = (name: string, raw: string | undefined, fallback: number, minimum: number): number => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < minimum) throw new Error(`--${name} must be a number ≥ ${minimum}\n\n${benchUsage}`);
    return value;
  };
  const soak = values.soak === true;
  const logs = values.logs === true;
  const breakdown = values.breakdown === true;
  const sensitive = values.sensitive === true;
  const main = values.main === true || (!soak && !logs && !breakdown && !sensitive);
  return {
    main,
    breakdown,
    soak,
    logs,
    sensitive: sensitive || main,
    durationSeconds: number('duration', values.duration, 10, 1),
    warmupSeconds: number('warmup', values.warmup, 3, 0),
    connections: Math.round(number('connections', values.connections, 50, 1)),
    rounds: Math.round(number('rounds', values.rounds, 3, 1)),
    singleSeconds: number('single', values.single, 5, 1),
    soakStreams: Math.round(number('soak-streams', values['soak-streams'], 2000, 1)),
    soakSeconds: number('soak-duration', values['soak-duration'], 30, 1),
    soakStreamSeconds: 10,
    soakChunkMs: 100,
    logRows: Math.round(number('log-rows', values['log-rows'], 5_000_000, 1000)),
    build: values['no-build'] !== true,
    profileDir: values.profile ?? null,
    targets: readList('targets', values.targets, knownTargets),
    modes: readList('modes', values.modes, knownModes),
    logLevel: values['log-level'] ?? 'warn',
    metrics: values.metrics === true,
    generator: readGenerator(values.generator),
  };
}
