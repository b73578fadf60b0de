import { totalmem } from 'node:os';
import { EXTRACTION_MEMORY_BYTES, extractionSlots, processMemoryBytes } from '../../worker/extraction-slots';

const GB = 2 ** 30;

describe('extraction slots per worker process', () => {
  it('takes EXTRACTION_SLOTS as set, whatever the memory', () => {
    expect(extractionSlots(3, 64 * GB)).toBe(3);
    expect(extractionSlots(40, 1 * GB)).toBe(40);
  });

  it('otherwise fits the extractions at their limit in half the memory: at least one, at most 100', () => {
    // 576 MB each (a 512 MB sandbox and up to 64 MB of stored text held by the worker).
    expect(EXTRACTION_MEMORY_BYTES).toBe(576 * 2 ** 20);
    expect(extractionSlots(undefined, 24 * GB)).toBe(21);
    expect(extractionSlots(undefined, 4 * GB)).toBe(3);
    expect(extractionSlots(undefined, 1 * GB)).toBe(1);
    expect(extractionSlots(undefined, 256 * 2 ** 20)).toBe(1);
    expect(extractionSlots(undefined, 1024 * GB)).toBe(100);
  });

  it("reads a memory no larger than the machine's", () => {
    const bytes = processMemoryBytes();
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(totalmem());
  });
});
