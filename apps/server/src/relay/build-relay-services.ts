// Builds the relay's long-lived services (routing, prices, ledger, upstream client) once, before any route module.
import { bundledModelCatalog, createSeededRandom } from '@turnpike/relay';
import { QuotaLedger, releaseStaleReservations } from '../billing/quota-ledger';
import { QuotaWarningNotifier } from '../billing/quota-warnings';
import { SettlementBatcher } from '../billing/settlement-batcher';
import { SqliteLedger } from '../billing/sqlite-ledger';
import type { AppContext } from '../context';
import { CredentialCache } from './credential-cache';
import { PriceBook } from './price-book';
import type { RelayServices } from './relay-services';
import { RoutingTable } from './routing-table';
import { exactCounter } from './token-counter';
import { UpstreamClient } from './upstream-client';

const shutdownWriteDeadlineMs = 10_000;

/** Builds the relay services, releases what a previous run of this node left reserved, and adds their shutdown tasks. */
export async function buildRelayServices(context: AppContext): Promise<RelayServices> {
  // SQLite serves one instance: its reservations are held in memory and its batches run as prepared statements.
  const sqliteLedger = context.database.sqlite ? new SqliteLedger(context.database.sqlite) : null;
  const batcher = new SettlementBatcher(
    context.db,
    context.database.kind,
    20,
    ({ error, settlements, attempt, retryInMs }) =>
      retryInMs === null
        ? context.log.error({ err: error, settlements, attempt }, 'settlement batch given up at shutdown; its reservations stay held until the reconciler returns them')
        : context.log.warn({ err: error, settlements, attempt, retryInMs }, 'settlement batch refused by the database; retrying'),
    () => context.options.bool('DataExportEnabled'),
    sqliteLedger,
  );
  const warnings = new QuotaWarningNotifier(context);
  batcher.onBatch((userIds) => void warnings.check(userIds));
  const upstream = new UpstreamClient();
  const services: RelayServices = {
    context,
    routing: await RoutingTable.open(context.db, context.bus),
    prices: new PriceBook(context.options, bundledModelCatalog),
    ledger: new QuotaLedger({ db: context.db, batcher, nodeName: context.config.nodeName, startId: context.startId, sqliteLedger, kind: context.database.kind }),
    upstream,
    credentials: new CredentialCache(upstream),
    random: createSeededRandom(Date.now() >>> 0),
  };
  // The exact tokenizer (gpt-tokenizer, about 70 MB of tables) loads now: loaded by the first call that needs it, it
  // would block every request for 110–150 ms.
  await exactCounter();
  // An earlier run of this node (same NODE_NAME, another start id) is gone: return what it held at once.
  const released = await releaseStaleReservations(context.db, { nodeName: context.config.nodeName, exceptStartId: context.startId });
  if (released > 0) context.log.warn({ released }, 'released reservations left by an earlier run of this node');
  // At shutdown a database that is away gets 10 s to come back before the last batches are given up.
  context.shutdownTasks.push(() => batcher.close(shutdownWriteDeadlineMs), async () => warnings.close(), () => services.upstream.close());
  return services;
}
