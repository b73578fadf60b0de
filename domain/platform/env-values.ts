/**
 * Pieces of the environment schema (./config.ts, which alone reads the environment): the value parsers its fields
 * share, and the economy batches' settings.
 */
import { z } from 'zod';

export const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const port = z.coerce.number().int().min(1).max(65535);
export const positiveInt = z.coerce.number().int().positive();

export const ECONOMY_ENV = {
  /**
   * Whether the slot's model server has the provider's batch API (configured: the API never calls a model server to
   * find out): false for one that speaks only Chat Completions or Messages (vLLM, llama.cpp, most gateways);
   * economy batches then answer 409.
   */
  MODEL_A_BATCH_API: bool.default(true),
  MODEL_B_BATCH_API: bool.default(true),
  /** How often an economy batch's job polls its provider batches (tests shorten it). */
  ECONOMY_POLL_MS: positiveInt.default(60_000),
};
