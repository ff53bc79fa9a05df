// Expectations over stream splits (test files only: they call vitest's `expect`, so the package index does not export them).
import type { CanonicalStreamDecoder, CanonicalStreamPart } from '@turnpike/formats';
import { expect } from 'vitest';
import { decodeChunks, splitsInTwo } from './stream-splits';

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
