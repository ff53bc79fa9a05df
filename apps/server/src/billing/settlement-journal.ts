// The local settlement journal: batches the database refused, kept on disk until they are written, so that a crash
// or SIGKILL while the database is away loses no bill. Replaying it is safe: each settlement's reservation is its
// exactly-once gate, so a batch that did commit before the crash changes nothing the second time.
import fs from 'node:fs';
import path from 'node:path';
import type { Settlement } from './ledger-types';

/** An append-only file of refused settlement batches (one JSON array per line, fsynced per batch). */
export class SettlementJournal {
  private fd: number | null = null;
  /** Journaled batches not yet committed; the file is emptied when this returns to zero. */
  private pending = 0;

  constructor(
    /** The journal's path (in the data folder, one file per NODE_NAME). */
    readonly file: string,
  ) {}

  /** The journal file of a node in a data folder. */
  static pathFor(dataDir: string, nodeName: string): string {
    return path.join(dataDir, `settlement-journal-${nodeName.replace(/[^A-Za-z0-9._-]/g, '_')}.jsonl`);
  }

  /** Appends a refused batch and waits for it to reach the disk (fsync). */
  append(batch: readonly Settlement[]): void {
    const fd = this.open();
    fs.writeSync(fd, `${JSON.stringify(batch)}\n`);
    fs.fsyncSync(fd);
    this.pending += 1;
  }

  /** Counts batches read back by `leftovers` as journaled (they are in the file already). */
  adopt(batches: number): void {
    this.pending += batches;
  }

  /** Marks one journaled batch committed; when none is left the file is emptied. */
  committed(): void {
    this.pending = Math.max(0, this.pending - 1);
    if (this.pending > 0) return;
    const fd = this.open();
    fs.ftruncateSync(fd, 0);
    fs.fsyncSync(fd);
  }

  /** Batches an earlier run left in the journal; a line torn by a crash mid-write is skipped (it was never acknowledged). */
  leftovers(): Settlement[][] {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const batches: Settlement[][] = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        const batch: unknown = JSON.parse(line);
        if (Array.isArray(batch)) batches.push(batch as Settlement[]);
      } catch {
        // The torn tail of a write the crash interrupted: its batch was not fsynced, so it was never counted as kept.
      }
    }
    return batches;
  }

  /** Closes the file. */
  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  private open(): number {
    if (this.fd === null) {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      this.fd = fs.openSync(this.file, 'a');
    }
    return this.fd;
  }
}
