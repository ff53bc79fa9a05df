// The benchmark's output: aligned tables and PASS/FAIL lines on stdout, everything as JSON in bench/results/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One PASS/FAIL check. */
export interface BenchCheck {
  name: string;
  pass: boolean;
  detail: string;
}

/** A table cell: text as is, numbers rounded for reading. */
export type Cell = string | number;

/** Rounds a figure for a table: 3 significant decimals under 10, 1 under 1000, none above. */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(3);
}

/** Collects sections, checks and tables of one benchmark run. */
export class BenchReport {
  readonly checks: BenchCheck[] = [];
  readonly sections: Record<string, unknown> = {};
  private readonly startedAt = new Date();
  private readonly loadBefore = os.loadavg();

  /** Records and prints one check. */
  check(name: string, pass: boolean, detail: string): void {
    this.checks.push({ name, pass, detail });
    console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
  }

  /** Prints an aligned table. */
  table(title: string, headers: string[], rows: Cell[][]): void {
    const text = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatFigure(cell) : cell)));
    const widths = headers.map((header, column) => Math.max(header.length, ...text.map((row) => (row[column] ?? '').length)));
    const line = (cells: string[]): string => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
    console.log(`\n${title}`);
    console.log(line(headers));
    console.log(widths.map((width) => '-'.repeat(width)).join('  '));
    for (const row of text) console.log(line(row));
  }

  /** True when every check passed. */
  passed(): boolean {
    return this.checks.every((check) => check.pass);
  }

  /** Writes bench/results/<timestamp>.json and returns its path. */
  write(directory: string, options: unknown): string {
    fs.mkdirSync(directory, { recursive: true });
    const file = path.join(directory, `${this.startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    const cpus = os.cpus();
    const document = {
      startedAt: this.startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        node: process.version,
        cpus: cpus.length,
        cpuModel: cpus[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        loadAverageBefore: this.loadBefore,
        loadAverageAfter: os.loadavg(),
      },
      options,
      sections: this.sections,
      checks: this.checks,
      passed: this.passed(),
    };
    fs.writeFileSync(file, JSON.stringify(document, null, 2) + '\n');
    return file;
  }
}
