// Instances and fleet-wide jobs: heartbeats per start, job leases, and the start id on every reservation.
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connect';

/** Creates node_heartbeats and job_leases, and adds reservations.start_id (empty for rows written before). */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  const schema = db.schema;
  await schema
    .createTable('node_heartbeats')
    .addColumn('start_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('node_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('node_heartbeats_last_seen').on('node_heartbeats').column('last_seen').execute();

  await schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await schema.alterTable('reservations').addColumn('start_id', 'varchar(64)', (c) => c.notNull().defaultTo(sql`''`)).execute();
  await schema.createIndex('reservations_start_id').on('reservations').column('start_id').execute();
}
