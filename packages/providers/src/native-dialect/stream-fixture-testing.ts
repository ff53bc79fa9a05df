// Test helpers shared by the native providers' tests (imported only by *.test.ts): reading the `__fixtures__`
// folder beside a test, feeding bytes to a stream decoder whole, split in two at every byte or one byte at a time,
// and the usage the fixtures report.
import { readFileSync } from 'node:fs';
import type { CanonicalStreamDecoder, CanonicalStreamPart, CanonicalUsage } from '@turnpike/formats';
import { expect } from 'vitest';

/** Readers of the fixtures of one test's folder. */
export interface FixtureReaders {
  /** The bytes of `__fixtures__/{name}`. */
  fixture(name: string): Buffer;
  /** The parsed JSON of `__fixtures__/{name}`. */
  fixtureJson(name: string): unknown;
}

/** Readers of the `__fixtures__` folder beside the test whose `import.meta.url` is given. */
export function fixturesBeside(testUrl: string): FixtureReaders {
  const fixture = (name: string): Buffer => readFileSync(new URL(`./__fixtures__/${name}`, testUrl));
  return { fixture, fixtureJson: (name) => JSON.parse(fixture(name).toString('utf8')) };
}

/** Feeds the chunks to the decoder, then ends it; returns every part it gave, with the decoder (for its metadata). */
export function decodeChunks<Decoder extends CanonicalStreamDecoder>(decoder: Decoder, chunks: readonly Uint8Array[]): { parts: CanonicalStreamPart[]; decoder: Decoder } {
  const parts: CanonicalStreamPart[] = [];
  for (const chunk of chunks) parts.push(...decoder.push(chunk));
  parts.push(...decoder.end());
  return { parts, decoder };
}

/** Every split of the bytes into two chunks, from an empty first chunk to an empty second one. */
export function splitsInTwo(bytes: Buffer): Buffer[][] {
  const splits: Buffer[][] = [];
  for (let at = 0; at <= bytes.length; at += 1) splits.push([bytes.subarray(0, at), bytes.subarray(at)]);
  return splits;
}

/** The bytes as one chunk per byte. */
export function byteByByte(bytes: Uint8Array): Uint8Array[] {
  return [...bytes].map((byte) => Uint8Array.of(byte));
}

/** Expects a fresh decoder to give `expected` for the bytes split in two at every byte. */
export function expectPartsAtEverySplit(createDecoder: () => CanonicalStreamDecoder, bytes: Buffer, expected: CanonicalStreamPart[]): void {
  for (const chunks of splitsInTwo(bytes)) expect(decodeChunks(createDecoder(), chunks).parts).toEqual(expected);
}

/** Decodes the bytes whole, expects the same parts for every split in two, and returns them. */
export function expectStableAtEverySplit(createDecoder: () => CanonicalStreamDecoder, bytes: Buffer): CanonicalStreamPart[] {
  const whole = decodeChunks(createDecoder(), [bytes]).parts;
  expectPartsAtEverySplit(createDecoder, bytes, whole);
  return whole;
}

/** Usage with only input and output tokens counted. */
export function tokenUsage(inputTokens: number, outputTokens: number): CanonicalUsage {
  return { inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}
