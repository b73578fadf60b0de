/** Input and reference documents: request and response schemas (docs/api-reference.md §11, §12). */
import { z } from 'zod';
import { PageQuery, pageSchema } from '../http/pagination';

export const MAX_UPLOAD_BYTES = 52_428_800;

const filename = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((v) => !/[\u0000-\u001f/\\]/.test(v), 'must be a file name without path separators or control characters');
/**
 * A MIME type, parameters allowed (`text/csv; charset=utf-8`): the upload is bound to it exactly as declared, and
 * format detection reads only its essence.
 */
const mimeType = z
  .string()
  .trim()
  .max(255)
  .regex(
    /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[\x20\x21\x23-\x5b\x5d-\x7e]*"|[\w.+-]+))*$/,
    'must be a MIME type such as application/pdf, optionally with parameters such as "; charset=utf-8"',
  );
const sizeBytes = z.number().int().min(0).max(MAX_UPLOAD_BYTES, `must be at most ${MAX_UPLOAD_BYTES} bytes (50 MB)`);

export const CreateDocumentRequest = z
  .object({ filename, mime_type: mimeType.optional(), size_bytes: sizeBytes.optional() })
  .strict()
  .meta({ id: 'CreateDocumentRequest' });

export const DocumentUpload = z
  .object({
    id: z.string().meta({ example: 'doc_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('document_upload'),
    upload_url: z.string().meta({ description: 'PUT the raw bytes here, with the Content-Type you declared.' }),
    upload_headers: z.record(z.string(), z.string()).meta({ description: 'Headers the PUT must carry exactly.' }),
    expires_at: z.string(),
  })
  .meta({ id: 'DocumentUpload' });

const TEXT_VERSION_MEANING =
  'The form of the extracted text: 2 is structured Markdown (headings `#`, lists, pipe tables one row per line, ' +
  'speaker notes under `## Notes`); 1 is the flattened text of documents extracted before it, kept as it was ' +
  '(documents are never re-extracted on their own).';
const textVersion = () => z.number().int().min(1);

const Failure = z.object({ code: z.string(), message: z.string() }).nullable();

export const Document = z
  .object({
    id: z.string(),
    object: z.literal('document'),
    filename: z.string(),
    mime_type: z.string().nullable(),
    size_bytes: z.number().int().nullable(),
    page_count: z.number().int().nullable(),
    ocr_pages: z
      .number()
      .int()
      .nullable()
      .meta({
        description:
          'Pages whose text was read by OCR: image pages (PNG, JPEG, a TIFF frame each) and PDF pages without a usable ' +
          'text layer. 0 when none were; null until the document is extracted.',
        example: 0,
      }),
    extracted: z.boolean(),
    extraction_error: Failure.meta({ description: 'Why no text could be extracted, when `extracted` is false.' }),
    text_version: textVersion()
      .nullable()
      .meta({ description: `${TEXT_VERSION_MEANING} Null until the document is extracted.`, example: 2 }),
    created_at: z.string(),
  })
  .meta({ id: 'Document' });

export const DocIdParams = z.object({ docId: z.string().max(64) });

export const DocumentText = z
  .object({
    object: z.literal('document_text'),
    document_id: z.string(),
    page_count: z.number().int().nullable(),
    text_version: textVersion().meta({ description: TEXT_VERSION_MEANING, example: 2 }),
    sections: z.array(
      z.object({
        kind: z.enum(['page', 'sheet', 'slide', 'section']),
        index: z.number().int().meta({ description: '1-based page or slide number; sheet or section order.' }),
        label: z.string().meta({ example: 'Page 3' }),
        text: z.string(),
      }),
    ),
  })
  .meta({
    id: 'DocumentText',
    description:
      'The text Assay extracted, by page, sheet, slide or section: what models read and what run citations point ' +
      'into (`citations[].input.start`/`end` are offsets into `sections[].text`).',
  });

export const CreateReferenceDocumentRequest = z
  .object({
    name: z.string().trim().min(1).max(200),
    filename,
    mime_type: mimeType.optional(),
    size_bytes: sizeBytes.optional(),
  })
  .strict()
  .meta({ id: 'CreateReferenceDocumentRequest' });

export const ReferenceStatus = z.enum(['processing', 'ready', 'failed']);

export const ReferenceDocument = z
  .object({
    id: z.string().meta({ example: 'ref_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('reference_document'),
    name: z.string(),
    filename: z.string(),
    status: ReferenceStatus,
    failure_reason: z.string().nullable(),
    mime_type: z.string().nullable(),
    size_bytes: z.number().int().nullable(),
    page_count: z.number().int().nullable(),
    chunk_count: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ReferenceDocument' });

export const ReferenceDocumentUpload = z
  .object({
    id: z.string(),
    object: z.literal('reference_document'),
    name: z.string(),
    status: ReferenceStatus,
    upload_url: z.string(),
    upload_headers: z.record(z.string(), z.string()),
    expires_at: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ReferenceDocumentUpload' });

export const ReferenceDocumentPage = pageSchema(ReferenceDocument, 'ReferenceDocumentList');
export const RefIdParams = z.object({ refId: z.string().max(64) });
export { PageQuery };

/** `?width=` of a page image: pixels across. */
export const PAGE_IMAGE_WIDTH = { min: 200, max: 2000, default: 1200 } as const;

const pageNumber = z.coerce
  .number({ error: 'page must be an integer from 1' })
  .int('page must be an integer from 1')
  .min(1, 'page must be at least 1')
  .max(100_000, 'page must be at most 100000');

export const DocPageParams = z.object({ docId: z.string().max(64), page: pageNumber });
export const RefPageParams = z.object({ refId: z.string().max(64), page: pageNumber });

export const PageImageQuery = z.object({
  width: z.coerce
    .number({ error: `width must be an integer from ${PAGE_IMAGE_WIDTH.min} to ${PAGE_IMAGE_WIDTH.max}` })
    .int(`width must be an integer from ${PAGE_IMAGE_WIDTH.min} to ${PAGE_IMAGE_WIDTH.max}`)
    .min(PAGE_IMAGE_WIDTH.min, `width must be at least ${PAGE_IMAGE_WIDTH.min}`)
    .max(PAGE_IMAGE_WIDTH.max, `width must be at most ${PAGE_IMAGE_WIDTH.max}`)
    .default(PAGE_IMAGE_WIDTH.default)
    .meta({ description: 'Pixels across: the image is drawn this wide, its height in proportion.' }),
});

export const PageImage = z
  .object({
    object: z.literal('page_image'),
    page: z.number().int().meta({ description: '1-based, as `boxes[].page` of a citation.' }),
    url: z.string().meta({ description: 'A signed download of the PNG, valid until `expires_at`.' }),
    expires_at: z.string(),
    mime_type: z.literal('image/png'),
    width: z.number().int().meta({ description: 'Pixels across: the `width` asked for.', example: 1200 }),
    height: z.number().int().meta({ description: 'Pixels down.', example: 1697 }),
  })
  .meta({
    id: 'PageImage',
    description:
      'A page of a PDF (text layer or scan) or an image (a TIFF frame each), drawn as it is shown: turned as OCR ' +
      "read it, so a citation's `input.boxes` (fractions of the page from its top left) multiplied by `width` and " +
      '`height` are the pixels of the quoted words.',
  });
