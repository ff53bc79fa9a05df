// The registry of route modules, in registration order. A feature adds one line here.
import { registerEmailBindRoutes } from './accounts/email-bind-routes';
import { registerPasswordResetRoutes } from './accounts/password-reset-routes';
import { registerSignUpRoutes } from './accounts/register-routes';
import { registerSessionRoutes } from './accounts/session-routes';
import { registerDashboardSessionRoutes } from './sessions/session-routes';
import { registerTwoFactorRoutes } from './two-factor/two-factor-routes';
import { registerPasskeyRoutes } from './passkeys/passkey-routes';
import { registerSecureVerificationRoutes } from './security/secure-verification-routes';
import { registerConsoleCompatRoutes } from './system/console-compat-routes';
import { registerOAuthRoutes } from './oauth/oauth-routes';
import type { RouteModule } from './app-services';
import { registerChannelProbeRoutes } from './channels/channel-probe-routes';
import { registerChannelRoutes } from './channels/channel-routes';
import { registerChannelUsageRoutes } from './channels/channel-usage-routes';
import { registerPrefillGroupRoutes } from './channels/prefill-group-routes';
import { registerRelayRoutes } from './relay/relay-routes';
import { registerRealtimeRoutes } from './realtime/realtime-routes';
import { registerRouteCatalog } from './http/route-catalog';
import { registerGroupRoutes } from './users/group-routes';
import { registerUserAdminRoutes } from './users/user-admin-routes';
import { registerUserAffiliateRoutes } from './users/user-affiliate-routes';
import { registerUserSelfRoutes } from './users/user-self-routes';
import { registerOptionRoutes } from './options/option-routes';
import { registerHealthRoutes } from './system/health-routes';
import { registerSetupRoutes } from './system/setup-routes';
import { registerStatusRoutes } from './system/status-routes';
import { registerUpdateCheckRoutes } from './system/update-check';
import { registerApiKeyRoutes } from './tokens/api-key-routes';
import { registerApiKeyRevealRoutes } from './tokens/api-key-reveal-routes';
import { registerRedemptionRoutes } from './redemptions/redemption-routes';
import { registerLogRoutes } from './logs/log-routes';
import { registerMetricsRoutes } from './metrics/metrics-routes';
import { registerUsageDataRoutes } from './logs/usage-data-routes';
import { registerPricingRoutes } from './pricing/pricing-routes';
import { registerWalletRoutes } from './wallet/wallet-routes';
import { registerTopUpInfoRoutes } from './wallet/topup-info';
import { registerUptimeRoutes } from './system/uptime-kuma';
import { registerPaymentRoutes } from './payments/payment-routes';
import { registerTaskRoutes } from './tasks/task-routes';

/** Every route module of the server. */
export const routeModules: RouteModule[] = [
  // Must stay first: it records every route registered after it (test/authorization.test.ts walks them).
  registerRouteCatalog,
  registerHealthRoutes,
  registerMetricsRoutes,
  registerSessionRoutes,
  registerDashboardSessionRoutes,
  registerTwoFactorRoutes,
  registerPasskeyRoutes,
  registerSecureVerificationRoutes,
  registerConsoleCompatRoutes,
  registerSignUpRoutes,
  registerPasswordResetRoutes,
  registerEmailBindRoutes,
  registerOAuthRoutes,
  registerUserSelfRoutes,
  registerUserAffiliateRoutes,
  registerUserAdminRoutes,
  registerGroupRoutes,
  registerApiKeyRoutes,
  registerApiKeyRevealRoutes,
  registerRedemptionRoutes,
  registerWalletRoutes,
  registerTopUpInfoRoutes,
  registerPaymentRoutes,
  registerChannelRoutes,
  registerChannelProbeRoutes,
  registerChannelUsageRoutes,
  registerPrefillGroupRoutes,
  registerStatusRoutes,
  registerUpdateCheckRoutes,
  registerUptimeRoutes,
  registerSetupRoutes,
  registerOptionRoutes,
  registerLogRoutes,
  registerUsageDataRoutes,
  registerPricingRoutes,
  registerRelayRoutes,
  registerRealtimeRoutes,
  registerTaskRoutes,
];
