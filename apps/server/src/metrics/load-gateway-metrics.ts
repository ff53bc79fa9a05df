// Loads the Prometheus series (prom-client) only when METRICS_ENABLED is on: most deployments never scrape.
/** The module that defines the gateway's Prometheus series. */
export type GatewayMetricsModule = typeof import('./gateway-metrics');

/** A dynamic import, so prom-client is not part of the start of a deployment without metrics. */
export const loadGatewayMetrics = (): Promise<GatewayMetricsModule> => import('./gateway-metrics');
