// Decides whether relay calls are traced and, only then, loads the OpenTelemetry SDK (about 1 MB of code that a
// deployment without an OTLP endpoint, the default, never needs).
import type { RelayTracing } from './relay-tracing';

/** Loads the module that builds relay tracing (the OpenTelemetry SDK comes with it). */
export type RelayTracingLoader = () => Promise<typeof import('./relay-tracing')>;

/** The production loader: a dynamic import, so the SDK is not part of the start. */
export const loadRelayTracing: RelayTracingLoader = () => import('./relay-tracing');

/** True when the environment names an OTLP endpoint and does not disable the SDK. */
export function tracingConfigured(environment: NodeJS.ProcessEnv): boolean {
  if (environment.OTEL_SDK_DISABLED === 'true') return false;
  return Boolean(environment.OTEL_EXPORTER_OTLP_ENDPOINT || environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Opens tracing when the environment names an OTLP endpoint (the OpenTelemetry SDK's standard variables:
 * OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME,
 * OTEL_SDK_DISABLED); null otherwise, and nothing is traced nor loaded.
 */
export async function openRelayTracing(environment: NodeJS.ProcessEnv, nodeName: string, load: RelayTracingLoader = loadRelayTracing): Promise<RelayTracing | null> {
  if (!tracingConfigured(environment)) return null;
  const { createRelayTracing } = await load();
  return createRelayTracing(environment, nodeName);
}
