/**
 * The seeded noise every generated scan uses: test/support/scanned-page.ts (pages made during tests and the bench)
 * and scripts/make-scanned-corpus.ts (the committed corpus). One source, so a scan made today has the noise the
 * committed one was made with, and the same seed always gives the same pixels.
 */
import { mulberry32 } from '../../domain/json-schema/sample';

/** Uniform numbers in [0, 1) from `seed`: the product's Mulberry32 (the test-mode stub's), so one generator serves all. */
export const seeded = mulberry32;

/**
 * One Gaussian sample of standard deviation `sigma` (Box–Muller) from two draws of `random`, the first for the radius:
 * the order the committed corpus was made with.
 */
export function gaussian(random: () => number, sigma: number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()) * sigma;
}
