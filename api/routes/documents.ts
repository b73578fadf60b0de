/** `/documents`: input documents through the presigned upload flow (spec §4 Input documents). */
import { completeDocument, createDocumentUpload, documentView } from '../../domain/documents';
import { CreateDocumentRequest, DocIdParams, Document, DocumentUpload } from '../../domain/schemas/documents';
import { route, type RouteSpec } from '../route';
import type { RouteDeps } from '../app';

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
        'Answers a presigned `upload_url`. PUT the raw bytes there with exactly `upload_headers`, then call `complete`.',
      body: CreateDocumentRequest,
      responses: { 200: { description: 'Where to upload', schema: DocumentUpload } },
      handler: async ({ tenant, body }) => ({
        status: 200,
        body: await createDocumentUpload(tenant, deps.storage, deps.config, body),
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
      handler: async ({ tenant, params }) => {
        const { doc, finished } = await completeDocument(tenant, deps.storage, deps.temporal, params.docId, EXTRACTION_WAIT_MS);
        return { status: finished ? 200 : 202, body: documentView(doc) };
      },
    }),
  ];
}
