/**
 * The reference document's record and its collection: listed per account, newest first (a deletion takes it off);
 * watched while it is being indexed, from `complete` on; and a member of the account's uploads awaiting their bytes
 * until `complete` (or the sweep) takes it, or it is deleted (open-uploads.ts bounds them).
 */
import { COLLECTIONS } from '../platform/db';
import { defineCollection, type Item } from '../store';

export interface ReferenceDocumentDoc extends Item {
  name: string;
  filename: string;
  upload_content_type: string;
  object_key: string;
  status: 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  /** Why it failed, as a code (`file_too_large`, extraction codes); the API shows `failure_reason`. */
  failure_code?: string | null;
  mime_type: string | null;
  size_bytes: number | null;
  page_count: number | null;
  chunk_count: number | null;
  /** Bumped on every (re)index; a run records the version it retrieved from. */
  index_version: number;
  indexing_started_at: Date | null;
  /** The Temporal namespace whose indexing job owns the document once `complete` started it (the reconciler's). */
  job_namespace?: string | null;
  /** When its upload URL expires (absent on records from before uploads were swept). */
  upload_expires_at?: Date | null;
  /** The ETag of the object `complete` checked: the only object indexing reads (the upload URL outlives it). */
  original_etag?: string | null;
  deleted_at: Date | null;
  created_at: Date;
}

export const REFERENCES = defineCollection<ReferenceDocumentDoc, 'awaiting_upload'>({
  collection: COLLECTIONS.referenceDocuments,
  list: {
    name: 'reference_documents',
    scopeOf: () => '',
    // Every change claims its entry (the transition's `current`), so its snapshot is trusted in every status,
    // `processing` included: a page of references being processed needs no read per item.
    settled: () => true,
    shapes: [{ equal: ['deleted_at'], other: [] }],
    indexes: [{ name: 'list_live', equal: ['deleted_at'] }],
    leftBy: 'deleted_at',
  },
  watched: { kind: 'references', field: 'status', states: ['processing'], startedBy: 'indexing_started_at' },
  memberships: {
    awaiting_upload: {
      rosters: COLLECTIONS.referenceUploadRosters,
      holds: () => ({ indexing_started_at: null, deleted_at: null }),
      // A deleted one no longer counts against the account either: nobody can complete it.
      left: (ref) => ref.indexing_started_at != null || ref.deleted_at != null,
    },
  },
});
