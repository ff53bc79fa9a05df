// Inserts one row and returns its generated id on every engine (PostgreSQL needs RETURNING, MySQL reports insertId).
import type { Insertable } from 'kysely';
import type { DatabaseHandle } from './connect';
import type { Database } from './schema';

type TableWithId = { [K in keyof Database]: Database[K] extends { id: unknown } ? K : never }[keyof Database];

interface ReturningQuery {
  returning(column: 'id'): { executeTakeFirstOrThrow(): Promise<{ id: number | string }> };
}

/** Inserts `values` into `table` and returns the new row's id. */
export async function insertWithId<T extends TableWithId>(handle: DatabaseHandle, table: T, values: Insertable<Database[T]>): Promise<number> {
  const query = handle.db.insertInto(table).values(values as never);
  if (handle.kind === 'postgres') {
    const row = await (query as unknown as ReturningQuery).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const result = await query.executeTakeFirstOrThrow();
  return Number(result.insertId);
}
