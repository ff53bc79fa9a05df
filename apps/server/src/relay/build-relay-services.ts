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
import { UpstreamClient } from './upstream-client';

/** Builds the relay services, releases what a previous run of this node left reserved, and adds their shutdown tasks. */
export async function buildRelayServices(context: AppContext): Promise<RelayServices> {
  // SQLite serves one instance: its reservations are held in memory and its batches run as prepared statements.
  const sqliteLedger = context.database.sqlite ? new SqliteLedger(context.database.sqlite) : null;
  const batcher = new SettlementBatcher(
    context.db,
    context.database.kind,
    20,
    (error, lost) => context.log.error({ err: error, settlements: lost }, 'settlement batch failed; its reservations will be released by reconciliation'),
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
  // An earlier run of this node (same NODE_NAME, another start id) is gone: return what it held at once.
  const released = await releaseStaleReservations(context.db, { nodeName: context.config.nodeName, exceptStartId: context.startId });
  if (released > 0) context.log.warn({ released }, 'released reservations left by an earlier run of this node');
  context.shutdownTasks.push(() => services.ledger.flush(), async () => warnings.close(), () => services.upstream.close());
  return services;
}
