/** `/documents`: input documents through the presigned upload flow (docs/api-reference.md §11). */
import { completeDocument, createDocumentUpload, documentText, documentView } from '../../domain/documents/documents';
import { pageImage } from '../../domain/documents/page-images';
import {
  CreateDocumentRequest,
  DocIdParams,
  DocPageParams,
  PageImage,
  PageImageQuery,
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
    route({
      method: 'get',
      path: '/documents/{docId}/pages/{page}',
      // Either documents scope: a key that uploads documents (every v1 key that could) shows their pages too.
      access: { kind: 'api_key', scope: ['documents:read', 'documents:write'] },
      tag: 'Documents',
      summary: 'Get an image of a page of a document',
      description: PAGE_IMAGE_DESCRIPTION,
      params: DocPageParams,
      query: PageImageQuery,
      responses: { 200: { description: 'The page image', schema: PageImage } },
      errors: PAGE_IMAGE_ERRORS('document', 'document_not_extracted'),
      handler: async ({ tenant, params, query }) => ({
        status: 200,
        body: await pageImage(tenant, pageImageDeps(deps), {
          owner: 'document',
          id: params.docId,
          page: params.page,
          width: query.width,
        }),
      }),
    }),
  ];
}

/** What the page-image routes of documents and references share. */
export const PAGE_IMAGE_DESCRIPTION =
  'A PNG of page `page` (from 1) of a PDF, a scanned PDF or an image (PNG, JPEG, a TIFF frame each), `width` pixels ' +
  "across (200–2000, default 1200), turned as it is shown, so that a citation's `input.boxes` times `width` and " +
  '`height` land on the quoted words. Drawn once per page and width, then answered from the store; a first request ' +
  'waits up to 20 s for the drawing, then answers 503 `service_unavailable` with `Retry-After` while it finishes.';

export const PAGE_IMAGE_ERRORS = (what: string, notReady: string) => ({
  400: '`invalid_request`: `page` is not a positive integer, or `width` is outside 200–2000.',
  404: `\`not_found\`: no such ${what} in this account, or no such page (past its page count).`,
  409:
    `\`${notReady}\`: there is no text yet, so no pages. \`no_page_images\`: the format has no pages (DOCX, PPTX, ` +
    'XLSX, XLS, CSV, JSON, XML, text, Markdown): show its citations on its text by their offsets.',
  422:
    '`page_unrenderable`: the page cannot be drawn within the limits (too many pixels at the width asked, or a ' +
    'drawing that does not finish within its time and memory); the message says which.',
  503: '`service_unavailable`: the page is still being drawn, or a dependency is down; retry after `Retry-After`.',
});

export function pageImageDeps(deps: RouteDeps) {
  return { storage: deps.storage, temporal: deps.temporal, urlTtlS: deps.config.OUTPUT_URL_TTL_S };
}
