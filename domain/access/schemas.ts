/** API keys: the /keys request and response schemas (docs/api-reference.md §8). */
import { z } from 'zod';
import { SCOPES } from './scopes';

export const ScopeName = z.enum(SCOPES);

export const CreateKeyRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    mode: z.enum(['live', 'test']).default('live'),
    scopes: z.array(ScopeName).max(SCOPES.length).optional().meta({
      description: 'Omitted or empty: an unrestricted key, holding every scope, ones added later included.',
    }),
    rate_limit_rpm: z.number().int().min(1).max(100_000).nullable().optional().meta({
      description:
        "At most the deployment's `MAX_KEY_RATE_LIMIT_RPM` (6000 unless configured); above it 400. Null or omitted: the default.",
    }),
    expires_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .refine((v) => v == null || Date.parse(v) > Date.now(), 'must be in the future'),
  })
  .strict()
  .meta({ id: 'CreateKeyRequest' });

export const ApiKeySummary = z
  .object({
    public_id: z.string().meta({ example: 'key_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('api_key'),
    name: z.string(),
    key_prefix: z.enum(['ak_live', 'ak_test']),
    last4: z.string(),
    mode: z.enum(['live', 'test']),
    scopes: z.array(ScopeName).meta({ description: 'Every scope the key holds now.' }),
    unrestricted: z.boolean().meta({
      description: 'Created without `scopes`: holds every scope, ones added later included.',
    }),
    status: z.enum(['active', 'revoked']),
    rate_limit_rpm: z.number().int().nullable(),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ApiKeySummary' });

export const SecretApiKey = z
  .object({
    public_id: z.string(),
    object: z.literal('api_key'),
    token: z.string().meta({ description: 'Shown once, here. Store it now.' }),
    name: z.string(),
    mode: z.enum(['live', 'test']),
    last4: z.string(),
    scopes: z.array(ScopeName).meta({ description: 'Every scope the key holds now.' }),
    unrestricted: z.boolean().meta({
      description: 'Created without `scopes`: holds every scope, ones added later included.',
    }),
    rate_limit_rpm: z.number().int().nullable(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
    warning: z.string(),
  })
  .meta({ id: 'SecretApiKey' });

export const KeyList = z.object({ data: z.array(ApiKeySummary) }).meta({ id: 'ApiKeyList' });

export const KeyIdParams = z.object({ keyId: z.string().max(64) });
