/**
 * The formats whose documents have pages to show as images, by the type extraction detected
 * (a document's `mime_type`): a PDF page (text layer or scan) or an image page (a TIFF frame each). Every other format
 * answers 409 `no_page_images`. Its own small module: the page-image sandbox's child loads it too.
 */
export const PAGED_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'] as const;
export type PagedMimeType = (typeof PAGED_MIME_TYPES)[number];

export function hasPages(mimeType: string | null | undefined): mimeType is PagedMimeType {
  return (PAGED_MIME_TYPES as readonly string[]).includes(mimeType ?? '');
}
