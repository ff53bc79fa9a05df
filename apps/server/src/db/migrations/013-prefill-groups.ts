// Prefill groups: named lists (models, tags, endpoints) that fill the channel and model forms in one click.
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connect';

function idType(kind: DatabaseKind): string {
  if (kind === 'postgres') return 'bigserial primary key';
  if (kind === 'mysql') return 'bigint auto_increment primary key';
  return 'integer primary key autoincrement';
}

/** Creates prefill_groups: name (unique), type (indexed), items (JSON text), description, times. Deletion removes the row. */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('prefill_groups')
    .addColumn('id', sql`${sql.raw(idType(kind))}`)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prefill_groups_type').on('prefill_groups').column('type').execute();
}
