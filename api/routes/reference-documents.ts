/**
 * `/reference-documents`: rubrics and criteria, uploaded, parsed and indexed for retrieval (docs/api-reference.md §12).
 */
import { PageQuery } from '../../domain/http/pagination';
import {
  completeReference,
  createReferenceUpload,
  deleteReference,
  getReference,
  listReferences,
  referenceView,
} from '../../domain/documents/reference-documents';
import { Deleted } from '../../domain/http/schemas';
import {
  CreateReferenceDocumentRequest,
  RefIdParams,
  ReferenceDocument,
  ReferenceDocumentPage,
  ReferenceDocumentUpload,
  PageImage,
  PageImageQuery,
  RefPageParams,
} from '../../domain/documents/schemas';
import { deletePageImages, pageImage } from '../../domain/documents/page-images';
import type { RouteDeps } from '../deps';
import { OPEN_UPLOADS_LIMIT_ERROR, PAGE_IMAGE_DESCRIPTION, PAGE_IMAGE_ERRORS, pageImageDeps } from './documents';
import { route, type RouteSpec } from '../route';

export function referenceDocumentRoutes(deps: RouteDeps): RouteSpec[] {
  const read = { kind: 'api_key', scope: 'reference_documents:read' } as const;
  const write = { kind: 'api_key', scope: 'reference_documents:write' } as const;
  return [
    route({
      method: 'get',
      path: '/reference-documents',
      access: read,
      tag: 'Reference documents',
      summary: 'List reference documents',
      description: 'Newest first.',
      query: PageQuery,
      responses: { 200: { description: 'A page of reference documents', schema: ReferenceDocumentPage } },
      handler: async ({ tenant, query }) => ({ status: 200, body: await listReferences(tenant, query, deps.cursors) }),
    }),
    route({
      method: 'post',
      path: '/reference-documents',
      access: write,
      tag: 'Reference documents',
      summary: 'Start a reference-document upload',
      description:
        'PUT the raw bytes to `upload_url` with exactly `upload_headers`, then call `complete` before the URL ' +
        'expires: an upload not completed by then fails (`upload_expired`) and its bytes are deleted within the next ' +
        'two hours.',
      body: CreateReferenceDocumentRequest,
      responses: { 201: { description: 'Where to upload', schema: ReferenceDocumentUpload } },
      errors: { 409: OPEN_UPLOADS_LIMIT_ERROR },
      handler: async ({ tenant, body }) => ({
        status: 201,
        body: await createReferenceUpload(tenant, deps.storage, deps.config, deps.temporal.namespace, body),
      }),
    }),
    route({
      method: 'get',
      path: '/reference-documents/{refId}',
      access: read,
      tag: 'Reference documents',
      summary: 'Get a reference document',
      params: RefIdParams,
      responses: { 200: { description: 'The reference document', schema: ReferenceDocument } },
      errors: { 404: '`not_found`: no such reference document.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: referenceView(await getReference(tenant, deps.temporal, deps.storage, params.refId)),
      }),
    }),
    route({
      method: 'delete',
      path: '/reference-documents/{refId}',
      access: write,
      tag: 'Reference documents',
      summary: 'Delete a reference document',
      description: 'Removes the pointer and the images of its pages; the original file stays in the workspace.',
      params: RefIdParams,
      responses: { 200: { description: 'Deleted', schema: Deleted } },
      errors: { 404: '`not_found`: no such reference document.' },
      handler: async ({ tenant, params }) => {
        const deleted = await deleteReference(tenant, params.refId);
        // Its page images go with it (nothing can ask for them again); the original and its text stay.
        await deletePageImages(deps.storage, tenant.accountId, 'reference', params.refId);
        return { status: 200, body: deleted };
      },
    }),
    route({
      method: 'post',
      path: '/reference-documents/{refId}/complete',
      access: write,
      tag: 'Reference documents',
      summary: 'Finish an upload and start indexing',
      description: '422 `upload_missing` until a file was PUT to `upload_url`. Status moves to `ready` or `failed`.',
      params: RefIdParams,
      responses: { 200: { description: 'The reference document, indexing enqueued', schema: ReferenceDocument } },
      errors: {
        404: '`not_found`: no such reference document.',
        422: '`upload_missing`: nothing was uploaded to `upload_url` yet.',
      },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: referenceView(await completeReference(tenant, deps.storage, deps.temporal, params.refId)),
      }),
    }),
    route({
      method: 'get',
      path: '/reference-documents/{refId}/pages/{page}',
      access: read,
      tag: 'Reference documents',
      summary: 'Get an image of a page of a reference document',
      description: PAGE_IMAGE_DESCRIPTION,
      params: RefPageParams,
      query: PageImageQuery,
      responses: { 200: { description: 'The page image', schema: PageImage } },
      errors: PAGE_IMAGE_ERRORS('reference document', 'reference_document_not_ready'),
      handler: async ({ tenant, params, query }) => ({
        status: 200,
        body: await pageImage(tenant, pageImageDeps(deps), {
          owner: 'reference',
          id: params.refId,
          page: params.page,
          width: query.width,
        }),
      }),
    }),
  ];
}
