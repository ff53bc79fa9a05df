// OpenTelemetry traces: an OTLP/HTTP collector started here receives one span per relay call, continuing the
// caller's traceparent, with a child per upstream attempt whose context reached the upstream; GenAI attributes carry
// the model and the billed usage; no prompt or answer text is exported.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

/** One exported span, as OTLP/JSON carries it. */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number | string; boolValue?: boolean } }>;
}

const attribute = (span: ExportedSpan, key: string): string | number | boolean | undefined => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  if (!value) return undefined;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue;
};

describe('tracing', () => {
  let collector: http.Server;
  const bodies: string[] = [];
  let upstream: MockUpstream;
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    collector = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces') bodies.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    // The SDK's standard variables; this file runs in its own process.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    upstream = await startMockUpstream({ behaviour: { promptTokens: 12, chunkCount: 3 } });
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'test-model': 1 });
    await server.context.options.set('RetryTimes', 1);
    base = await server.listen();
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
    await new Promise((resolve) => collector.close(resolve));
  });

  const spans = (): ExportedSpan[] =>
    bodies.flatMap((body) => (JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: ExportedSpan[] }> }> }).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));

  it('exports the call and its attempts under the caller\'s trace, with GenAI attributes and no text', async () => {
    expect(server.context.tracing).not.toBeNull();
    const caller = await server.createUser({ username: 'traced', quota: 10_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'good', priority: 0 });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'bad', priority: 10 });
    upstream.setKeyBehaviour('bad', { fault: { type: 'status', status: 500, message: 'upstream broke' } });
    const { key } = await addApiKey(server, caller);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    upstream.requests.length = 0;
    const answer = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', traceparent: `00-${traceId}-${callerSpan}-01` },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'a secret prompt 7f3a' }] }),
    });
    expect(answer.status).toBe(200);
    const answerText = await answer.text();
    await server.settle();

    // The exporter batches; flushing sends the batch and resolves once the collector has answered.
    await server.context.tracing?.flush();
    expect(spans()).toHaveLength(3);
    const all = spans();
    const call = all.find((span) => span.kind === 2);
    const attempts = all.filter((span) => span.kind === 3);
    if (!call) throw new Error('no server span');
    expect(call.traceId).toBe(traceId);
    expect(call.parentSpanId).toBe(callerSpan);
    expect(call.name).toBe('chat test-model');
    const log = await server.context.db.selectFrom('logs').select(['prompt_tokens', 'completion_tokens', 'request_id']).where('user_id', '=', caller.user.id).executeTakeFirstOrThrow();
    expect({
      model: attribute(call, 'gen_ai.request.model'),
      system: attribute(call, 'gen_ai.system'),
      input: attribute(call, 'gen_ai.usage.input_tokens'),
      output: attribute(call, 'gen_ai.usage.output_tokens'),
      status: attribute(call, 'http.response.status_code'),
      requestId: attribute(call, 'turnpike.request_id'),
    }).toEqual({ model: 'test-model', system: 'openai', input: log.prompt_tokens, output: log.completion_tokens, status: 200, requestId: log.request_id });

    // Two attempts, children of the call: the failed tier first, then the one that answered.
    expect(attempts.map((span) => [span.parentSpanId, attribute(span, 'http.response.status_code')])).toEqual([
      [call.spanId, 500],
      [call.spanId, 200],
    ]);
    // Each attempt's context reached the upstream as its traceparent.
    expect(upstream.requests.map((request) => request.headers.traceparent)).toEqual(attempts.map((span) => `00-${traceId}-${span.spanId}-01`));

    // No prompt or answer text leaves in a span.
    const exported = bodies.join('');
    expect(exported).not.toContain('secret prompt 7f3a');
    const content = (JSON.parse(answerText) as { choices: Array<{ message: { content: string } }> }).choices[0].message.content;
    expect(exported).not.toContain(content);
  });
});
