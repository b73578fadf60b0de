import { z } from 'zod';

export const CheckStatus = z.enum(['ok', 'down']);

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    service: z.literal('assay-api'),
    checks: z.object({ mongodb: CheckStatus, temporal: CheckStatus, storage: CheckStatus, worker: CheckStatus }),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof Health>;
