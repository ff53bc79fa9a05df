// `GET /api/pricing` (public): the pricing items, and the group ratios and usable groups of the caller.
import type { PricingAnswer } from '@turnpike/contract';
import { bundledModelCatalog } from '@turnpike/relay';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { accessFor, guards } from '../http/auth-guard';
import { buildPricingItems, callerGroupPricing, pricingTables } from './pricing-list';

/** Registers the pricing route. */
export function registerPricingRoutes(app: FastifyInstance, context: AppServices): void {
  const access = accessFor(context);
  const userGuard = guards(context).user;

  /** The signed-in caller when the session (and New-Api-User header) is valid; visitors and refused sessions get null. */
  async function optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
    try {
      await userGuard.call(app, request, reply);
      return request.user ?? null;
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  }

  app.get('/api/pricing', access('public'), async (request, reply): Promise<PricingAnswer> => {
    const user = await optionalUser(request, reply);
    const modelGroups = context.relay.routing.modelGroups();
    return {
      success: true,
      message: '',
      data: buildPricingItems(modelGroups, pricingTables(context.options, bundledModelCatalog)),
      ...callerGroupPricing(context.options, user?.group ?? ''),
    };
  });
}
