/** Documents to evaluate, and reference documents a workflow retrieves from: each uploaded by URL, then completed. */
import { paginate, unwrap, type PageParams, type Transport } from '../transport';
import type { Document, PageImage, ReferenceDocument } from '../types';
import { readSource, type UploadOptions, type UploadSource } from '../uploads';

export function documentsResource(http: Transport) {
  const { api } = http;
  return {
    /** Request an upload URL, PUT the bytes, complete: answers the extracted document. */
    upload: async (source: UploadSource, options: UploadOptions = {}): Promise<Document> => {
      const file = await readSource(source, options);
      const created = unwrap(
        await api.POST('/documents', {
          body: { filename: file.filename, mime_type: file.mimeType, size_bytes: file.bytes.byteLength },
        }),
      );
      await http.put(created.upload_url, created.upload_headers, file.bytes);
      // 202: extraction still running after the API's wait; completing again answers once it is done.
      for (;;) {
        const result = await api.POST('/documents/{docId}/complete', { params: { path: { docId: created.id } } });
        const doc = unwrap(result);
        if (result.response.status !== 202) return doc;
      }
    },
    text: async (docId: string) => unwrap(await api.GET('/documents/{docId}/text', { params: { path: { docId } } })),
    /**
     * A page drawn as an image (PDF pages, scans, image frames), `width` 200–2000 px: citations' `input.boxes` are
     * fractions of it. 409 `no_page_images` for formats without pages; a first request may answer 503 with
     * Retry-After while the page is drawn (retried for you).
     */
    pageImage: async (docId: string, page: number, options: { width?: number } = {}): Promise<PageImage> =>
      unwrap(
        await api.GET('/documents/{docId}/pages/{page}', {
          params: { path: { docId, page }, query: { width: options.width } },
        }),
      ),
  };
}

export function referenceDocumentsResource(http: Transport) {
  const { api } = http;
  return {
    /** Request an upload URL, PUT the bytes, complete: answers the document, `processing` until indexed. */
    upload: async (
      source: UploadSource,
      options: UploadOptions & { name?: string } = {},
    ): Promise<ReferenceDocument> => {
      const file = await readSource(source, options);
      const created = unwrap(
        await api.POST('/reference-documents', {
          body: {
            name: options.name ?? file.filename,
            filename: file.filename,
            mime_type: file.mimeType,
            size_bytes: file.bytes.byteLength,
          },
        }),
      );
      await http.put(created.upload_url, created.upload_headers, file.bytes);
      return unwrap(
        await api.POST('/reference-documents/{refId}/complete', { params: { path: { refId: created.id } } }),
      );
    },
    get: async (refId: string) =>
      unwrap(await api.GET('/reference-documents/{refId}', { params: { path: { refId } } })),
    delete: async (refId: string) =>
      unwrap(await api.DELETE('/reference-documents/{refId}', { params: { path: { refId } } })),
    list: (params: PageParams = {}): AsyncGenerator<ReferenceDocument> =>
      paginate(async (cursor) =>
        unwrap(await api.GET('/reference-documents', { params: { query: { ...params, cursor } } })),
      ),
  };
}
