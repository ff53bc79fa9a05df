// The providers' notify routes (public, signed by the provider) and the admin's view of top-up orders:
// `GET /api/user/topup` (list, search by trade number) and `POST /api/user/topup/complete` (credit a stuck order).
import { topupCompleteSchema } from '@turnpike/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, readPaging, success } from '../http/envelope';
import type { PaymentNotice, PaymentProvider } from './payment-provider';
import { paymentProviders } from './payment-providers';
import { creditTopupOrder, listTopupOrders } from './topup-orders';

/** Messages of the admin order routes. */
export const paymentMessages = {
  orderNotFound: 'the top-up order does not exist',
  alreadyCompleted: 'the top-up order is already completed',
} as const;

function noticeOf(request: FastifyRequest): PaymentNotice {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    query[key] = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
  }
  const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  return { method: request.method, query, rawBody, headers: request.headers };
}

/** Registers one provider's notify route (GET and POST) in `scope`, whose bodies arrive as raw bytes. */
function registerNotifyRoute(scope: FastifyInstance, context: AppContext, provider: PaymentProvider): void {
  const access = accessFor(context);
  scope.route({
    method: ['GET', 'POST'],
    url: provider.notifyPath,
    ...access('public'),
    handler: async (request, reply) => {
      const verdict = provider.verifyNotify(noticeOf(request), context.options);
      let accepted = verdict.kind !== 'refused';
      if (verdict.kind === 'refused') context.log.warn({ provider: provider.id, reason: verdict.reason }, 'payment notify refused');
      if (verdict.kind === 'paid') {
        const outcome = await creditTopupOrder(context, verdict.tradeNo, {
          provider: provider.id,
          paidMoney: verdict.paidMoney,
          source: { provider: provider.id },
        });
        accepted = outcome === 'credited' || outcome === 'already-credited';
        if (!accepted) context.log.warn({ provider: provider.id, tradeNo: verdict.tradeNo, outcome }, 'payment notify refused');
      }
      const answer = provider.answer(accepted);
      return reply.code(answer.statusCode).type(answer.contentType).send(answer.body);
    },
  });
}

/** Registers the notify routes and the admin order routes. */
export async function registerPaymentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const access = accessFor(context);

  // Providers sign the exact bytes they send (and Epay posts url-encoded forms): the notify routes get the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    for (const provider of paymentProviders) registerNotifyRoute(scope, context, provider);
  });

  app.get('/api/user/topup', access('admin'), async (request) => {
    const query = request.query as Record<string, unknown>;
    const { page, pageSize, offset } = readPaging(query);
    const keyword = String(query.keyword ?? '').trim();
    const result = await listTopupOrders(context, { userId: null, keyword }, { pageSize, offset });
    return success({ ...result, page, page_size: pageSize });
  });

  app.post('/api/user/topup/complete', access('admin'), async (request) => {
    const { trade_no: tradeNo } = parseInput(topupCompleteSchema, request.body);
    const admin = currentUser(request);
    const outcome = await creditTopupOrder(context, tradeNo, { source: { completed_by_admin: admin.id } });
    if (outcome === 'unknown-order') throw notFound(paymentMessages.orderNotFound);
    if (outcome === 'already-credited') throw badRequest(paymentMessages.alreadyCompleted);
    return success(undefined, 'top-up order completed');
  });
}
