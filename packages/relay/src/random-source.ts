// Injected randomness, so selection is testable: production passes Math.random, tests a seeded source.

/** Returns a number in [0, 1). */
export type RandomSource = () => number;

/** A deterministic source (mulberry32) for tests and reproducible simulations; not for secrets. */
export function createSeededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
