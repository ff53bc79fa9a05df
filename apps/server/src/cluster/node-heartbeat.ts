// Each instance run records its NODE_NAME, a random start id and when it was last seen, every few seconds.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClusterLog } from './change-bus';

/** The heartbeat of one instance run; a run whose row is missing or older than the stale limit is gone. */
export class NodeHeartbeat {
  private timer: NodeJS.Timeout | null = null;
  private failing = false;

  private constructor(
    private readonly db: Kysely<Database>,
    readonly startId: string,
    readonly nodeName: string,
    private readonly log: ClusterLog,
  ) {}

  /** Writes the first heartbeat and repeats it every `intervalMs`. */
  static async start(db: Kysely<Database>, startId: string, nodeName: string, intervalMs: number, log: ClusterLog): Promise<NodeHeartbeat> {
    const heartbeat = new NodeHeartbeat(db, startId, nodeName, log);
    const now = Date.now();
    await db.insertInto('node_heartbeats').values({ start_id: startId, node_name: nodeName, started_at: now, last_seen: now }).execute();
    heartbeat.timer = setInterval(() => void heartbeat.beat(), intervalMs);
    heartbeat.timer.unref();
    return heartbeat;
  }

  /** Records that this run is alive now (re-inserting its row if it was removed meanwhile). */
  async beat(): Promise<void> {
    const now = Date.now();
    try {
      const updated = await this.db.updateTable('node_heartbeats').set({ last_seen: now }).where('start_id', '=', this.startId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        await this.db.insertInto('node_heartbeats').values({ start_id: this.startId, node_name: this.nodeName, started_at: now, last_seen: now }).execute();
      }
      if (this.failing) this.log.info({}, 'heartbeat recorded again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.log.warn({ err: error }, 'heartbeat not recorded: the database is unreachable');
      this.failing = true;
    }
  }

  /** Stops beating and removes the row (after the ledger was flushed), so what is left is reconciled at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.db.deleteFrom('node_heartbeats').where('start_id', '=', this.startId).execute();
  }
}
