/**
 * The seeded noise every generated scan uses: test/support/scanned-page.ts (pages made during tests and the bench)
 * and scripts/make-scanned-corpus.ts (the committed corpus). One source, so a scan made today has the noise the
 * committed one was made with, and the same seed always gives the same pixels.
 */

/** Mulberry32: a small seeded generator of uniform numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One Gaussian sample of standard deviation `sigma` (Box–Muller) from two draws of `random`, the first for the radius:
 * the order the committed corpus was made with.
 */
export function gaussian(random: () => number, sigma: number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()) * sigma;
}
