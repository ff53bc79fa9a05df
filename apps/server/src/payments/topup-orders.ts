// The top-up order store: creates pending orders and credits a paid one exactly once, however many
// notifications (or admin completions) arrive and however concurrently, on every engine.
import crypto from 'node:crypto';
import { TopupStatus, type TopupOrder, type TopupStatusValue } from '@turnpike/contract';
import type { AppContext } from '../context';
import type { TopupRow, UserRow } from '../db/schema';
import { likeContains } from '../db/like-pattern';
import { recordTopupLog } from '../logs/log-entries';
import { formatQuota } from '../logs/quota-text';
import { moneyTextToCents, type TopUpQuote } from '../wallet/topup-pricing';

type OrderContext = Pick<AppContext, 'db' | 'options'>;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A new trade number: a prefix, the user, the time and 8 random hex digits (unique column backs it up). */
export function newTradeNo(userId: number): string {
  return `TP${userId}T${Date.now().toString(36).toUpperCase()}${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
}

/** Stores a pending order for `user`. */
export async function createTopupOrder(
  context: OrderContext,
  user: UserRow,
  order: { tradeNo: string; quote: TopUpQuote; provider: string; method: string },
): Promise<void> {
  await context.db
    .insertInto('topups')
    .values({
      trade_no: order.tradeNo,
      user_id: user.id,
      amount: order.quote.amount,
      quota: order.quote.quota,
      money: order.quote.money,
      provider: order.provider,
      payment_method: order.method,
      status: TopupStatus.Pending,
      created_at: nowSeconds(),
      completed_at: 0,
    })
    .execute();
}

/** How a credit attempt ended. */
export type CreditOutcome = 'credited' | 'already-credited' | 'unknown-order' | 'other-provider' | 'wrong-amount';

/** What the caller vouches for: the provider that notified and the money it says was paid (absent for an admin). */
export interface CreditCheck {
  provider?: string;
  paidMoney?: string;
  /** Recorded in the log's `other` (who or what completed the order). */
  source: Record<string, unknown>;
}

/**
 * Credits the order `tradeNo` once. The order's status moves pending → success by a conditional UPDATE in the
 * same transaction as the balance credit and the top-up log: of any number of concurrent calls exactly one
 * updates the row (the others wait on its row lock, then match nothing), and only that one credits.
 */
export async function creditTopupOrder(context: OrderContext, tradeNo: string, check: CreditCheck): Promise<CreditOutcome> {
  const order = await context.db.selectFrom('topups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
  if (!order) return 'unknown-order';
  if (check.provider !== undefined && order.provider !== check.provider) return 'other-provider';
  if (check.paidMoney !== undefined && moneyTextToCents(check.paidMoney) !== moneyTextToCents(order.money)) return 'wrong-amount';
  if (order.status !== TopupStatus.Pending) return 'already-credited';
  return context.db.transaction().execute(async (transaction) => {
    const now = nowSeconds();
    const claimed = await transaction
      .updateTable('topups')
      .set({ status: TopupStatus.Success, completed_at: now })
      .where('id', '=', order.id)
      .where('status', '=', TopupStatus.Pending)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return 'already-credited';
    await transaction.updateTable('users').set((eb) => ({ quota: eb('quota', '+', order.quota) })).where('id', '=', order.user_id).execute();
    const user = await transaction.selectFrom('users').select(['id', 'username', 'group']).where('id', '=', order.user_id).executeTakeFirstOrThrow();
    const content = `online top-up of ${formatQuota(order.quota, context.options)}, paid ${order.money} via ${order.payment_method}, trade ${order.trade_no}`;
    await recordTopupLog(transaction, user, content, { quota: order.quota, other: { trade_no: order.trade_no, money: order.money, ...check.source } });
    return 'credited';
  });
}

/** An order as the lists answer it. */
export function presentTopup(row: TopupRow): TopupOrder {
  return {
    id: Number(row.id),
    trade_no: row.trade_no,
    user_id: Number(row.user_id),
    amount: Number(row.amount),
    quota: Number(row.quota),
    money: Number(row.money),
    provider: row.provider,
    payment_method: row.payment_method,
    status: row.status as TopupStatusValue,
    created_at: Number(row.created_at),
    completed_at: Number(row.completed_at),
  };
}

/** One page of orders, newest first: all users' (userId null) or one user's, optionally by trade-number substring. */
export async function listTopupOrders(
  context: OrderContext,
  filter: { userId: number | null; keyword: string },
  paging: { pageSize: number; offset: number },
): Promise<{ items: TopupOrder[]; total: number }> {
  let base = context.db.selectFrom('topups');
  if (filter.userId !== null) base = base.where('user_id', '=', filter.userId);
  if (filter.keyword !== '') base = base.where(likeContains('trade_no', filter.keyword));
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(paging.pageSize).offset(paging.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(presentTopup), total: Number(total.count) };
}
