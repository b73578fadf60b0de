/**
 * The input document's record and its collection: watched while it is being read (the reconciler starts or settles
 * its extraction job), and a member of the account's uploads awaiting their bytes (open-uploads.ts bounds them).
 */
import { COLLECTIONS } from '../platform/db';
import { defineCollection } from '../store';

export interface DocumentDoc {
  _id: string;
  account_id: string;
  filename: string;
  upload_content_type: string;
  declared_size: number | null;
  object_key: string;
  status: 'awaiting_upload' | 'extracting' | 'extracted' | 'failed';
  mime_type: string | null;
  size_bytes: number | null;
  page_count: number | null;
  /** Pages read by OCR; absent on documents extracted before OCR existed (none were). */
  ocr_pages?: number | null;
  /** The OCR engine and its mean word confidence, when pages were read by OCR (a run's manifest records them). */
  ocr?: { engine: string; mean_confidence: number; pages: number } | null;
  extracted: boolean;
  extraction_error: { code: string; message: string } | null;
  text_key: string | null;
  char_count: number | null;
  /** The form of the stored text (stored-text.ts); absent on documents extracted before it was recorded (version 1). */
  text_version?: number | null;
  /** A draft 2020-12 schema of the file's structure (JSON, CSV header, XLSX header row), as JSON text. */
  inferred_schema_json: string | null;
  /** The Temporal namespace whose extraction job owns the document once `complete` started it (the reconciler's). */
  job_namespace?: string | null;
  /** When its upload URL expires (absent on records from before uploads were swept). */
  upload_expires_at?: Date | null;
  /** The ETag of the object `complete` checked: the only object extraction reads (the upload URL outlives it). */
  original_etag?: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export const DOCUMENTS = defineCollection<DocumentDoc, 'awaiting_upload'>({
  collection: COLLECTIONS.documents,
  watched: { kind: 'documents', field: 'status', states: ['extracting'] },
  memberships: {
    awaiting_upload: {
      rosters: COLLECTIONS.documentUploadRosters,
      holds: () => ({ status: 'awaiting_upload' }),
      left: (doc) => doc.status !== 'awaiting_upload',
    },
  },
});
