/** The extraction activity behind POST /documents/{id}/complete: extract, store the text, update the document. */
import { COLLECTIONS } from '../domain/platform/db';
import type { DocumentDoc } from '../domain/documents/documents';
import { objectKeys } from '../domain/platform/storage';
import type { DocumentJobInput, ExtractionSummary } from '../domain/jobs/contract';
import type { ActivityDeps } from './deps';
import { extractStored } from './extraction';

const jsonOrNull = (v: unknown) => (v ? JSON.stringify(v) : null);

export function documentActivities({ db, storage }: ActivityDeps) {
  return {
    /** Idempotent: a retry re-extracts and rewrites the same keys and fields. */
    async extractDocumentText({ accountId, docId }: DocumentJobInput): Promise<ExtractionSummary> {
      const documents = db.collection<DocumentDoc>(COLLECTIONS.documents);
      const doc = await documents.findOne({ _id: docId, account_id: accountId });
      if (!doc) throw new Error(`document ${docId} not found`);
      const textKey = objectKeys.documentText(accountId, docId);
      const { extraction: result, inferredSchema } = await extractStored(storage, {
        objectKey: doc.object_key,
        filename: doc.filename,
        declaredMime: doc.upload_content_type,
        textKey,
      });
      await documents.updateOne(
        { _id: docId, account_id: accountId },
        {
          $set: {
            status: result.extracted ? 'extracted' : 'failed',
            extracted: result.extracted,
            mime_type: result.mime_type,
            page_count: result.page_count,
            char_count: result.char_count,
            text_key: result.extracted ? textKey : null,
            inferred_schema_json: result.extracted ? jsonOrNull(inferredSchema) : null,
            extraction_error: result.extracted
              ? null
              : { code: result.code ?? 'not_extracted', message: result.reason ?? 'No text could be extracted.' },
          },
        },
      );
      return { extracted: result.extracted, pageCount: result.page_count, code: result.code, reason: result.reason };
    },
  };
}
