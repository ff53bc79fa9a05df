// The mock upstream in a process of its own, so its CPU is never counted as a gateway's.
// Usage: node bench/dist/mock-upstream-process.mjs '<MockBehaviour JSON>'; prints {"url": …} once listening.
import { startMockUpstream, type MockBehaviour } from '@turnpike/testing';

const behaviour = JSON.parse(process.argv[2] ?? '{}') as Partial<MockBehaviour>;
const upstream = await startMockUpstream({ behaviour });
// The mock records every request for tests; a benchmark sends hundreds of thousands, so forget them as they come.
const forget = setInterval(() => {
  upstream.requests.length = 0;
}, 500);
process.stdout.write(JSON.stringify({ url: upstream.url }) + '\n');

function stop(): void {
  clearInterval(forget);
  void upstream.close().finally(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
