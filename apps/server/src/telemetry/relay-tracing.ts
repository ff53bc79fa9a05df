// OpenTelemetry traces of relay calls, when OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set: one span per
// call, continuing the caller's W3C `traceparent`, with a child span per upstream attempt whose context goes upstream
// as `traceparent`. Attributes follow the GenAI semantic conventions; no prompt or answer text is ever recorded.
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapGetter, defaultTextMapSetter, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { findProvider } from '@turnpike/providers';
import type { IncomingHttpHeaders } from 'node:http';
import type { RelayCallFacts } from '../metrics/gateway-metrics';

/** `gen_ai.system` of the channel types the conventions name; other types use their label in lower case. */
const genAiSystems: Record<number, string> = {
  1: 'openai',
  3: 'az.ai.openai',
  14: 'anthropic',
  24: 'gcp.gemini',
  33: 'aws.bedrock',
  34: 'cohere',
  41: 'gcp.vertex_ai',
  42: 'mistral_ai',
  43: 'deepseek',
};

function genAiSystem(channelType: number): string {
  return genAiSystems[channelType] ?? (findProvider(channelType)?.label.toLowerCase().replace(/\s+/g, '_') || 'unknown');
}

/** The span of one relay call (and the context its attempts are children of). */
export interface CallTrace {
  span: Span;
  context: Context;
  /** The GenAI operation (`chat`, `embeddings`, …), which names the attempts' spans too. */
  operation: string;
}

/** Builds relay spans on a tracer; `close` flushes what is still batched. */
export class RelayTracing {
  private readonly propagator = new W3CTraceContextPropagator();

  constructor(
    private readonly tracer: Tracer,
    private readonly provider: TracerProvider | null,
  ) {}

  /** Starts the call's span, a child of the caller's `traceparent` when it sent a valid one. */
  startCall(headers: IncomingHttpHeaders, operation: string, requestId: string): CallTrace {
    const parent = this.propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
    const span = this.tracer.startSpan(operation, { kind: SpanKind.SERVER, attributes: { 'gen_ai.operation.name': operation, 'turnpike.request_id': requestId } }, parent);
    return { span, context: trace.setSpan(parent, span), operation };
  }

  /** Starts an upstream attempt's span; returns it with the `traceparent` to send upstream. */
  startAttempt(call: CallTrace, channel: { id: number; type: number }, model: string): { span: Span; traceparent: string } {
    const system = genAiSystem(channel.type);
    const span = this.tracer.startSpan(
      `${call.operation} ${model}`,
      { kind: SpanKind.CLIENT, attributes: { 'gen_ai.system': system, 'gen_ai.provider.name': system, 'gen_ai.request.model': model, 'turnpike.channel.id': channel.id, 'turnpike.channel.type': channel.type } },
      call.context,
    );
    const carrier: Record<string, string> = {};
    this.propagator.inject(trace.setSpan(call.context, span), carrier, defaultTextMapSetter);
    return { span, traceparent: carrier.traceparent ?? '' };
  }

  /** Ends an attempt's span with its outcome. */
  endAttempt(span: Span, ok: boolean, status: number): void {
    if (status > 0) span.setAttribute('http.response.status_code', status);
    if (!ok) span.setStatus({ code: SpanStatusCode.ERROR, message: status > 0 ? `upstream answered ${status}` : 'upstream unreachable' });
    span.end();
  }

  /** Ends the call's span with its status and, when known, the model, the channel and the usage. */
  endCall(call: CallTrace, status: number, facts: RelayCallFacts | null): void {
    const { span } = call;
    span.setAttribute('http.response.status_code', status);
    if (facts) {
      span.updateName(`${call.operation} ${facts.model}`);
      span.setAttributes({
        'gen_ai.request.model': facts.model,
        'gen_ai.system': genAiSystem(facts.channelType),
        'gen_ai.usage.input_tokens': facts.promptTokens,
        'gen_ai.usage.output_tokens': facts.completionTokens,
        'turnpike.channel.id': facts.channelId,
        'turnpike.group': facts.group,
        'turnpike.quota': facts.quota,
        'turnpike.stream': facts.stream,
      });
    }
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `answered ${status}` });
    span.end();
  }

  /** Sends what is batched now (the exporter otherwise sends every few seconds). */
  async flush(): Promise<void> {
    await this.provider?.forceFlush();
  }

  /** Sends what is still batched and stops the exporter. */
  async close(): Promise<void> {
    await this.provider?.shutdown();
  }
}

/** Builds the tracing of a configured OTLP endpoint (the SDK reads the endpoint and its headers from the environment). */
export function createRelayTracing(environment: NodeJS.ProcessEnv, nodeName: string): RelayTracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': environment.OTEL_SERVICE_NAME || 'turnpike', 'service.instance.id': nodeName }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  return new RelayTracing(provider.getTracer('turnpike-relay'), provider);
}
