// Counts the writes that can change cached balances on a SQLite connection: a reader that remembers rows of those
// tables keeps them while the count stands, and reads again once it moved.
import type SQLite from 'better-sqlite3';

/** How many statements that may have changed the watched tables have run (a cache's validity stamp). */
export interface TableWriteCount {
  readonly count: number;
}

/** Statements that may change the tables `naming` matches: writes naming one of them, and the ends of transactions (a rollback undoes writes). */
function mayChange(source: string, naming: RegExp): boolean {
  return /^\s*(commit|rollback|end)\b/i.test(source) || naming.test(source);
}

/**
 * Wraps `sqlite.prepare` so every write statement naming one of `tables` (or ending a transaction) adds one to the
 * returned count each time it runs. Reads never move it. Statements prepared before the call are not watched, nor
 * are writes by other connections: the balances it guards are written by this process alone (SQLite runs one instance).
 */
export function countTableWrites(sqlite: SQLite.Database, tables: readonly string[]): TableWriteCount {
  const counter = { count: 0 };
  const naming = new RegExp(`\\b(${tables.join('|')})\\b`, 'i');
  // Each statement is looked at once: the cache under this hands the same statement back for the same text.
  const decided = new WeakSet<SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (decided.has(statement)) return statement;
    decided.add(statement);
    if (statement.reader || !mayChange(source, naming)) return statement;
    const run = statement.run.bind(statement);
    statement.run = ((...parameters: unknown[]) => {
      counter.count += 1;
      return run(...parameters);
    }) as typeof statement.run;
    return statement;
  }) as SQLite.Database['prepare'];
  return counter;
}
