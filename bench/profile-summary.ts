// Reads a V8 CPU profile (`node --cpu-prof`) and sums the samples by function: the "flame summary" of where the
// gateway's CPU went, without opening DevTools. Self time only (time in the function's own code, not its callees),
// grouped by function name and source position so that the same function reached by different stacks counts once.
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** One function's share of the profile. */
export interface ProfileEntry {
  /** `name (file:line)`; `(program)`, `(garbage collector)` and `(idle)` as V8 names them. */
  name: string;
  selfMs: number;
  share: number;
}

/** Where a function lives, shortened to the part after the repository or node_modules. */
function place(url: string, line: number): string {
  if (!url) return '';
  const short = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/');
  return ` (${short}:${line + 1})`;
}

/** Self time per function of `profile`, largest first, idle time left out of the shares. */
export function summariseProfile(profile: CpuProfile, top = 20): ProfileEntry[] {
  const byNode = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index += 1) {
    const node = samples[index] ?? 0;
    byNode.set(node, (byNode.get(node) ?? 0) + (deltas[index] ?? 0));
  }
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const micros = byNode.get(node.id) ?? 0;
    if (micros === 0) continue;
    const frame = node.callFrame;
    const name = `${frame.functionName || '(anonymous)'}${place(frame.url, frame.lineNumber)}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  byFunction.delete('(idle)');
  const busy = [...byFunction.values()].reduce((sum, value) => sum + value, 0);
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, micros]) => ({ name, selfMs: micros / 1000, share: busy > 0 ? micros / busy : 0 }));
}

/** The newest `.cpuprofile` in `folder`, or null. */
export function newestProfile(folder: string): string | null {
  if (!fs.existsSync(folder)) return null;
  const files = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(folder, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return files[0] ?? null;
}

/** Reads and summarises a profile file. */
export function summariseProfileFile(file: string, top = 20): ProfileEntry[] {
  return summariseProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile, top);
}
