/**
 * Events as the API answers them (docs/api-reference.md §14 payloads, readable as resources: `GET /events`, `GET /events/{eventId}`).
 * An event's `data` is a run or a reference document, so these schemas sit above runs/ and documents/, which
 * publish events through webhooks/ (below both); recording and listing events stays in webhooks/events.ts.
 */
import { z } from 'zod';
import { EVENT_RETENTION_DAYS, EVENT_TYPES } from '../webhooks/events';
import { PageQuery, pageSchema } from '../http/pagination';
import { ReferenceDocument } from '../documents/schemas';
import { Run } from '../runs/schemas';
import { Batch } from '../batches/schemas';
import { Calibration } from '../calibrations/schemas';
import { Review } from '../reviews/schemas';

export const EventType = z.enum(EVENT_TYPES).meta({ id: 'EventType' });

export const Event = z
  .object({
    id: z.string().meta({ example: 'evt_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('event'),
    type: EventType,
    created_at: z.string(),
    data: z
      .union([
        z.object({ run: Run }),
        z.object({ reference_document: ReferenceDocument }),
        z.object({ batch: Batch }),
        z.object({ calibration: Calibration }),
        z.object({ review: Review }),
      ])
      .meta({
        description:
          '`run.*`: the run as it was when the event happened; `reference_document.ready`: the reference document; ' +
          '`batch.completed`: the batch in its final status; `calibration.completed`: the calibration, finished, its ' +
          'file URLs null (GET signs fresh ones); `review.completed`: the review, completed.',
      }),
  })
  .meta({
    id: 'Event',
    description: `The webhook payload of the event, plus \`object\`. Kept ${EVENT_RETENTION_DAYS} days.`,
  });

export const EventPage = pageSchema(Event, 'EventList');
export const EventIdParams = z.object({ eventId: z.string().max(64) });
export const EventListQuery = PageQuery.extend({
  type: EventType.optional().meta({ description: 'Only events of this kind.' }),
});
