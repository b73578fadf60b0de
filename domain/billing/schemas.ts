/** Usage and balance (docs/api-reference.md §17). */
import { z } from 'zod';

export const Balance = z
  .object({
    pro_credits: z.number(),
    bonus_pro: z.number(),
    regular_pro: z.number(),
    basic_credits_excluded: z.boolean(),
  })
  .meta({ id: 'Balance' });

/** A calendar day in UTC; checked to be a real date (2025-02-30 is refused), not just the shape. */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'must be a real calendar date')
  .meta({ example: '2025-01-31' });

export const UsageQuery = z.object({
  from: Day.optional().meta({ description: "First day (UTC) of the period. Default: the first day of `to`'s month." }),
  to: Day.optional().meta({ description: 'Last day (UTC) of the period, inclusive. Default: today.' }),
  group_by: z.enum(['workflow']).optional().meta({ description: '`workflow` fills `by_workflow`.' }),
});

export type UsageQuery = z.infer<typeof UsageQuery>;

export const UsageReport = z
  .object({
    period: z.object({ from: z.string().meta({ format: 'date' }), to: z.string().meta({ format: 'date' }) }),
    total_runs: z.number().int(),
    total_credits: z
      .number()
      .meta({ description: 'Credits charged in the period: runs plus live prompt generations.' }),
    total_generations: z
      .number()
      .int()
      .meta({ description: 'Prompt generations charged in the period (live keys; refunded ones are not counted).' }),
    economy: z.object({ runs: z.number().int(), credits: z.number() }).meta({
      description:
        'Of `total_runs` and the runs’ credits, the items of economy batches (`economy: true`), charged the discounted price.',
    }),
    by_workflow: z.array(
      z.object({ workflow_id: z.string(), name: z.string(), runs: z.number().int(), credits: z.number() }),
    ),
  })
  .meta({ id: 'UsageReport' });
