/**
 * Page images: a page of an input or reference document drawn as a PNG, so that a citation's
 * `input.boxes` can be drawn where its words are. This module alone builds their keys and reads, writes and deletes
 * their objects (test/unit/structure.test.ts): one PNG per page and width beside the document's other objects
 * (`…/<id>/pages/<n>-<width>.png`, its size in pixels in the object's metadata), or, for a page that cannot be drawn,
 * a small JSON saying why (`…/<n>-<width>.failed.json`), so a hostile page is drawn once, not on every request.
 * The drawing is a job (`page-<id>-<n>-<width>`, the indexing queue) that the API waits for, bounded.
 */
import type { Db } from 'mongodb';
import { errors } from '../http/errors';
import { pageImageJob, type TemporalHandle } from '../jobs';
import type { PageImageJobInput, PageImageJobResult } from '../jobs/contract';
import { COLLECTIONS } from '../platform/db';
import {
  deleteObject,
  getObjectBytes,
  listObjectKeys,
  putObject,
  signedFile,
  statObject,
  type Storage,
} from '../platform/storage';
import { TenantDb } from '../store';
import { getDocument, type DocumentDoc } from './documents';
import { originalKeys } from './originals';
import { hasPages } from './paged-types';
import { getReference, type ReferenceDocumentDoc } from './reference-documents';

/** How long a request waits for a page's first drawing before answering 503 with Retry-After. */
export const PAGE_IMAGE_WAIT_MS = 20_000;

export type PageImageOwner = PageImageJobInput['owner'];

/** A document's page images live beside its original, in a `pages/` folder of their own. */
function pagesPrefix(accountId: string, owner: PageImageOwner, id: string): string {
  const original = owner === 'document' ? originalKeys.document(accountId, id) : originalKeys.reference(accountId, id);
  return original.replace(/original$/, 'pages/');
}

const pageKeys = {
  image: (prefix: string, page: number, width: number) => `${prefix}${page}-${width}.png`,
  failure: (prefix: string, page: number, width: number) => `${prefix}${page}-${width}.failed.json`,
};

/** What drawing a page reads: the original `complete` checked, and the type extraction found. */
export interface PageSource {
  objectKey: string;
  etag: string | null;
  mimeType: string;
  pageCount: number;
  /** A reference deleted since: what was drawn for it is not kept. */
  deleted: boolean;
}

/** The document or reference a page-image job draws from; null when it is gone or has no pages. */
export async function pageSource(db: Db, input: PageImageJobInput): Promise<PageSource | null> {
  const tenant = new TenantDb(db, input.accountId);
  const doc =
    input.owner === 'document'
      ? await tenant.collection<DocumentDoc>(COLLECTIONS.documents).findOne({ _id: input.id })
      : await tenant.collection<ReferenceDocumentDoc>(COLLECTIONS.referenceDocuments).findOne({ _id: input.id });
  if (!hasPages(doc?.mime_type) || !doc?.page_count) return null;
  return {
    objectKey: doc.object_key,
    etag: doc.original_etag ?? null,
    mimeType: doc.mime_type,
    pageCount: doc.page_count,
    deleted: 'deleted_at' in doc && doc.deleted_at != null,
  };
}

/**
 * Keeps what drawing the page came to: the PNG, or why it cannot be drawn. A reference deleted while its page was
 * being drawn gets nothing: its deletion may have swept the pages already, so what is written after is taken back.
 */
export async function storePageOutcome(
  db: Db,
  storage: Storage,
  input: PageImageJobInput,
  outcome: { png: Uint8Array; width: number; height: number } | { reason: string },
): Promise<void> {
  const prefix = pagesPrefix(input.accountId, input.owner, input.id);
  if ('png' in outcome) {
    await putObject(storage, pageKeys.image(prefix, input.page, input.width), outcome.png, 'image/png', {
      width: String(outcome.width),
      height: String(outcome.height),
    });
  } else {
    await putObject(
      storage,
      pageKeys.failure(prefix, input.page, input.width),
      JSON.stringify({ reason: outcome.reason }),
      'application/json',
    );
  }
  // Read after the write: a deletion that listed the pages before it is seen here, one after it saw the object.
  if ((await pageSource(db, input))?.deleted !== false)
    await deletePageImages(storage, input.accountId, input.owner, input.id);
}

/** Every page image of a document (each page and width, drawn or refused). Idempotent. */
export async function deletePageImages(
  storage: Storage,
  accountId: string,
  owner: PageImageOwner,
  id: string,
): Promise<void> {
  for (const key of await listObjectKeys(storage, pagesPrefix(accountId, owner, id))) await deleteObject(storage, key);
}

/** What a stored page holds: its PNG's size, or why it cannot be drawn; null when it was never drawn. */
async function storedPage(
  storage: Storage,
  prefix: string,
  page: number,
  width: number,
): Promise<PageImageJobResult | null> {
  const image = await statObject(storage, pageKeys.image(prefix, page, width));
  const size = { width: Number(image?.metadata?.width), height: Number(image?.metadata?.height) };
  if (image && size.width > 0 && size.height > 0) return { rendered: true, ...size };
  if (!(await statObject(storage, pageKeys.failure(prefix, page, width)))) return null;
  const bytes = await getObjectBytes(storage, pageKeys.failure(prefix, page, width));
  const { reason } = JSON.parse(Buffer.from(bytes).toString('utf8')) as { reason: string };
  return { rendered: false, reason };
}

export interface PageImageRequest {
  owner: PageImageOwner;
  id: string;
  page: number;
  width: number;
}

/**
 * `GET /documents/{id}/pages/{n}` and the same for references: the page's image as a signed URL, drawn first when it
 * never was (waiting at most PAGE_IMAGE_WAIT_MS; then 503 with Retry-After while it finishes). 409 while there is no
 * text or for a format without pages, 404 past the page count, 422 `page_unrenderable` for a page that cannot be drawn.
 */
export async function pageImage(
  tenant: TenantDb,
  deps: { storage: Storage; temporal: TemporalHandle; urlTtlS: number },
  request: PageImageRequest,
) {
  const { owner, id, page, width } = request;
  const doc = await pagedDocument(tenant, deps, owner, id);
  if (!hasPages(doc.mime_type)) {
    throw errors.conflict(
      'no_page_images',
      `A ${doc.mime_type ?? 'file'} document has no pages to show: show its citations on its text by their offsets.`,
    );
  }
  if (!doc.page_count || page > doc.page_count)
    throw errors.notFound(`page ${page} (the document has ${doc.page_count ?? 0})`);
  const prefix = pagesPrefix(tenant.accountId, owner, id);
  let outcome = await storedPage(deps.storage, prefix, page, width);
  if (!outcome) {
    const job = await pageImageJob(
      deps.temporal,
      { accountId: tenant.accountId, owner, id, page, width },
      PAGE_IMAGE_WAIT_MS,
    );
    if (job.state !== 'done') {
      throw errors.serviceUnavailable(
        job.state === 'waiting'
          ? `Page ${page} is still being drawn; ask again shortly.`
          : `Drawing page ${page} did not finish; ask again shortly.`,
      );
    }
    outcome = job.value;
  }
  if (!outcome.rendered)
    throw errors.unprocessable('page_unrenderable', `Page ${page} cannot be shown: ${outcome.reason}.`);
  const file = await signedFile(
    deps.storage,
    pageKeys.image(prefix, page, width),
    `${id}-page-${page}.png`,
    'image/png',
    deps.urlTtlS,
  );
  return {
    object: 'page_image' as const,
    page,
    url: file.url,
    expires_at: file.expires_at,
    mime_type: 'image/png' as const,
    width: outcome.width,
    height: outcome.height,
  };
}

/** The document or live reference, with its text: 404 for another account's or a deleted one, 409 before its text. */
async function pagedDocument(
  tenant: TenantDb,
  deps: { storage: Storage; temporal: TemporalHandle },
  owner: PageImageOwner,
  id: string,
): Promise<{ mime_type: string | null; page_count: number | null }> {
  if (owner === 'document') {
    const doc = await getDocument(tenant, id);
    if (!doc.extracted) {
      throw errors.conflict(
        'document_not_extracted',
        'The document has no extracted text yet (complete the upload, and wait while it is extracted).',
      );
    }
    return doc;
  }
  const ref = await getReference(tenant, deps.temporal, deps.storage, id);
  if (ref.status !== 'ready') {
    throw errors.conflict(
      'reference_document_not_ready',
      `The reference document is ${ref.status}: its pages are shown once it is ready.`,
    );
  }
  return ref;
}
