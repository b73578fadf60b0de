/** Usage and balance (spec §4 Usage). */
import { z } from 'zod';

export const Balance = z
  .object({
    pro_credits: z.number(),
    bonus_pro: z.number(),
    regular_pro: z.number(),
    basic_credits_excluded: z.boolean(),
  })
  .meta({ id: 'Balance' });
