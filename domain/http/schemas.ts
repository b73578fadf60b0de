/** Schemas shared by every resource: the error envelope, deletion answers, pagination. */
import { z } from 'zod';

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'invalid_request' }),
      message: z.string(),
      request_id: z.string().meta({ example: 'req_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error', description: 'Every error answer has this shape.' });

export type ErrorBody = z.infer<typeof ErrorBody>;

export const Deleted = z
  .object({ id: z.string(), object: z.string(), deleted: z.literal(true) })
  .meta({ id: 'Deleted', description: 'The answer to every DELETE.' });
