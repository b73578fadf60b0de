import { totalmem } from 'node:os';
import {
  EXTRACTION_MEMORY_BYTES,
  extractionSlots,
  indexingMemoryBytes,
  processMemoryBytes,
} from '../../worker/extraction-slots';

const GB = 2 ** 30;

describe('extraction slots per worker process', () => {
  it('takes EXTRACTION_SLOTS as set, whatever the memory', () => {
    expect(extractionSlots(3, 64 * GB, 1024)).toBe(3);
    expect(extractionSlots(40, 1 * GB, 1024)).toBe(40);
  });

  it('otherwise fits the extractions at their limit in half the memory: at least one, at most 100', () => {
    // 1088 MB each (a sandbox reading a page by OCR may hold 1024 MB, and up to 64 MB of stored text held by the
    // worker), with an indexing sandbox no larger.
    expect(EXTRACTION_MEMORY_BYTES).toBe(1088 * 2 ** 20);
    expect(extractionSlots(undefined, 24 * GB, 256)).toBe(11);
    expect(extractionSlots(undefined, 4 * GB, 256)).toBe(1);
    expect(extractionSlots(undefined, 1 * GB, 256)).toBe(1);
    expect(extractionSlots(undefined, 256 * 2 ** 20, 256)).toBe(1);
    expect(extractionSlots(undefined, 1024 * GB, 256)).toBe(100);
  });

  it('counts a slot at the indexing sandbox when that is larger: a reference indexing step takes a slot too', () => {
    // INDEXING_MEMORY_MB's default, 1024, and up to 256 MB of chunks and index held by the worker: 1280 MB a slot.
    expect(indexingMemoryBytes(1024)).toBe(1280 * 2 ** 20);
    expect(extractionSlots(undefined, 24 * GB, 1024)).toBe(9);
    expect(extractionSlots(undefined, 4 * GB, 1024)).toBe(1);
    expect(extractionSlots(undefined, 24 * GB, 4096)).toBe(2);
  });

  it("reads a memory no larger than the machine's", () => {
    const bytes = processMemoryBytes();
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(totalmem());
  });
});
