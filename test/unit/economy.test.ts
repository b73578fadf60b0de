/**
 * Economy batches' arithmetic and records (domain/batches/economy.ts) and the slot's batch client from configuration
 * (activities/models/economy-configured.ts), the latter over HTTP against the local provider batch server.
 */
import { providerBatchClient } from '../../activities/models/economy-configured';
import {
  customIdFor,
  economyQuoteMilli,
  parseCustomId,
  planProviderBatches,
  PROVIDER_BATCH_MAX,
} from '../../domain/batches/economy';
import { parseConfig } from '../../domain/platform/config';
import { ProviderBatchServer } from '../support/provider-batch-server';

describe('the economy quote', () => {
  it('is the discount of the ordinary quote, half by default, never rounded up', () => {
    expect(economyQuoteMilli(1_250)).toBe(625);
    expect(economyQuoteMilli(1_001)).toBe(500);
    expect(economyQuoteMilli(1_000, 0.4)).toBe(400);
    expect(economyQuoteMilli(1_000, 1)).toBe(1_000);
  });

  it('refuses a discount that is not a fraction of the price', () => {
    for (const bad of [0, -0.5, 1.5, Number.NaN])
      expect(() => economyQuoteMilli(1_000, bad)).toThrow(/economy_discount/);
  });
});

describe('custom ids', () => {
  it('name a run and its sample, and read back', () => {
    const id = customIdFor('run_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T', 3);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(parseCustomId(id)).toEqual({ runId: 'run_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T', sample: 3 });
    expect(parseCustomId('somebody-else')).toBeNull();
  });

  it('refuse a run id the providers would not carry', () => {
    expect(() => customIdFor('run 1', 0)).toThrow(/custom id/);
    expect(() => customIdFor('r'.repeat(70), 0)).toThrow(/custom id/);
  });
});

describe('grouping items into provider batches', () => {
  const items = (n: number, samples: number) => Array.from({ length: n }, (_, i) => ({ i, samples }));

  it('puts 300 one-sample items in one provider batch and 2,500 in three', () => {
    expect(planProviderBatches(items(300, 1)).map((g) => g.length)).toEqual([300]);
    expect(planProviderBatches(items(2_500, 1)).map((g) => g.length)).toEqual([1_000, 1_000, 500]);
  });

  it('keeps each item’s k samples in the same provider batch, never past the limit', () => {
    const groups = planProviderBatches(items(700, 3));
    expect(groups.map((g) => g.length)).toEqual([333, 333, 34]);
    for (const g of groups) expect(g.reduce((s, x) => s + x.samples, 0)).toBeLessThanOrEqual(PROVIDER_BATCH_MAX);
    expect(groups.flat().map((x) => x.i)).toEqual(items(700, 3).map((x) => x.i));
  });

  it('refuses an item that could never fit', () => {
    expect(() => planProviderBatches([{ samples: 0 }])).toThrow(/1–1000 requests/);
    expect(() => planProviderBatches([{ samples: 3 }], 2)).toThrow(/1–2 requests/);
  });
});

describe('the slot’s batch client', () => {
  let server: ProviderBatchServer;
  let origin: string;
  beforeAll(async () => {
    server = new ProviderBatchServer();
    origin = await server.start();
  });
  afterAll(() => server.stop());

  const request = { customId: 'run_1-s0', request: { messages: [{ role: 'user' as const, content: 'x' }] } };

  it('is none without a configured slot', () => {
    expect(providerBatchClient(parseConfig({ NODE_ENV: 'development' }), 'A')).toBeNull();
  });

  it('speaks the slot’s protocol to the slot’s server, slot B falling back to slot A', async () => {
    const env = {
      NODE_ENV: 'development',
      MODEL_A_PROVIDER: 'anthropic',
      MODEL_A_MODEL: 'claude-economy',
      MODEL_A_API_KEY: 'sk-a',
      MODEL_A_BASE_URL: origin,
    };
    const client = providerBatchClient(parseConfig(env), 'B')!;
    expect(client.provider).toBe('anthropic');
    const id = await client.submit([request]);
    expect(server.batches.get(id)?.lines[0]?.body.model).toBe('claude-economy');

    const openai = providerBatchClient(
      parseConfig({
        ...env,
        MODEL_B_PROVIDER: 'openai',
        MODEL_B_MODEL: 'gpt-economy',
        MODEL_B_BASE_URL: `${origin}/v1`,
      }),
      'B',
    )!;
    expect(openai.provider).toBe('openai');
    const batchId = await openai.submit([request]);
    expect(server.batches.get(batchId)?.lines[0]?.body.model).toBe('gpt-economy');
  });
});
