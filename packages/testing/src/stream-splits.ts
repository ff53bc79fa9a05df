// Feeding recorded stream bytes to a decoder the ways a network delivers them: whole, split in two at every byte, or
// one byte at a time; and the usage value most fixtures report.
import type { CanonicalStreamDecoder, CanonicalStreamPart, CanonicalUsage } from '@turnpike/formats';

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

/** Usage with only input and output tokens counted. */
export function tokenUsage(inputTokens: number, outputTokens: number): CanonicalUsage {
  return { inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}
