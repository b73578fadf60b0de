/** `/documents`: input documents through the presigned upload flow (docs/api-reference.md §11). */
import { completeDocument, createDocumentUpload, documentText, documentView } from '../../domain/documents/documents';
import {
  CreateDocumentRequest,
  DocIdParams,
  Document,
  DocumentText,
  DocumentUpload,
} from '../../domain/documents/schemas';
import { LIMITS } from '../../domain/access/limits';
import { route, type RouteSpec } from '../route';
import type { RouteDeps } from '../deps';

export const OPEN_UPLOADS_LIMIT_ERROR = `\`limit_reached\`: the account already holds ${LIMITS.openUploadsPerAccount} uploads (documents and reference documents together) not yet completed.`;

/** How long `complete` waits for extraction before answering 202 (the client then polls the document). */
const EXTRACTION_WAIT_MS = 90_000;

export function documentRoutes(deps: RouteDeps): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/documents',
      access: { kind: 'api_key', scope: 'documents:write' },
      tag: 'Documents',
      summary: 'Start an input-document upload',
      description:
        'Answers a presigned `upload_url`. PUT the raw bytes there with exactly `upload_headers`, then call `complete` ' +
        'before the URL expires: an upload not completed by then is deleted within the next two hours. An account ' +
        `holds at most ${LIMITS.openUploadsPerAccount} uploads (documents and reference documents together) not yet completed.`,
      body: CreateDocumentRequest,
      responses: { 200: { description: 'Where to upload', schema: DocumentUpload } },
      errors: { 409: OPEN_UPLOADS_LIMIT_ERROR },
      handler: async ({ tenant, body }) => ({
        status: 200,
        body: await createDocumentUpload(tenant, deps.storage, deps.config, deps.temporal.namespace, body),
      }),
    }),
    route({
      method: 'post',
      path: '/documents/{docId}/complete',
      access: { kind: 'api_key', scope: 'documents:write' },
      tag: 'Documents',
      summary: 'Finish an upload and extract its text',
      description:
        'Checks the upload arrived (422 `upload_missing` otherwise), extracts the text and answers the document. ' +
        'A file with no extractable text (a scanned PDF: no OCR in v1) answers `extracted: false` with the reason.',
      params: DocIdParams,
      responses: {
        200: { description: 'The extracted document', schema: Document },
        202: { description: 'Extraction is still running; call again to get the result', schema: Document },
      },
      errors: {
        404: '`not_found`: no such document.',
        422: '`upload_missing`: nothing was uploaded to `upload_url` yet.',
      },
      handler: async ({ tenant, params }) => {
        const { doc, finished } = await completeDocument(
          tenant,
          deps.storage,
          deps.temporal,
          params.docId,
          EXTRACTION_WAIT_MS,
        );
        return { status: finished ? 200 : 202, body: documentView(doc) };
      },
    }),
    route({
      method: 'get',
      path: '/documents/{docId}/text',
      // The documents scope: a key that may upload a document may read what was extracted from it.
      access: { kind: 'api_key', scope: 'documents:write' },
      tag: 'Documents',
      summary: 'Get the extracted text of a document',
      description:
        'The text by page, sheet, slide or section, exactly as models read it. Run citations point into it: ' +
        "`sections[i].text.slice(start, end)` is the quote, for the section with the citation's `location.kind` and " +
        '`location.index`. 409 `document_not_extracted` while there is no text.',
      params: DocIdParams,
      responses: { 200: { description: 'The extracted text', schema: DocumentText } },
      errors: {
        404: '`not_found`: no such document in this account.',
        409: '`document_not_extracted`: the upload is not complete, or no text could be extracted.',
      },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: await documentText(tenant, deps.storage, params.docId),
      }),
    }),
  ];
}
