/**
 * The uploaded originals of input and reference documents (`…/original` in the object store): the presigned PUT
 * that lets a client write one, the checks at `complete` (size and ETag), the stream extraction reads — only the
 * object `complete` checked, since the upload URL stays valid after it — and the deletion of
 * an oversized, replaced or abandoned one. This module alone builds those keys and touches those objects (test/unit/structure.test.ts).
 */
import type { Readable } from 'node:stream';
import {
  deleteObject,
  getObjectStream,
  ObjectChanged,
  presignUpload,
  putObject,
  statObject,
  type Storage,
} from '../platform/storage';

export { ObjectChanged as OriginalChanged };

export const originalKeys = {
  document: (accountId: string, docId: string) => `accounts/${accountId}/documents/${docId}/original`,
  reference: (accountId: string, refId: string) => `accounts/${accountId}/reference-documents/${refId}/original`,
};

export function presignOriginalUpload(
  storage: Storage,
  key: string,
  contentType: string,
  size: number | undefined,
  ttlS: number,
) {
  return presignUpload(storage, key, contentType, size, ttlS);
}

/** Bytes the API already holds (the legacy multipart run form); answers the stored object's ETag. */
export function putOriginal(
  storage: Storage,
  key: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<string | undefined> {
  return putObject(storage, key, bytes, contentType);
}

/** The stored original's size and ETag, or null while nothing has been uploaded. */
export function statOriginal(storage: Storage, key: string) {
  return statObject(storage, key);
}

/**
 * The original as `complete` saw it: with the ETag it recorded, `OriginalChanged` when bytes were PUT again since.
 * (Records from before ETags were recorded have none and read whatever is there.)
 */
export function openOriginal(storage: Storage, key: string, etag?: string | null): Promise<Readable> {
  return getObjectStream(storage, key, etag ?? undefined);
}

/** An oversized, replaced or abandoned original is not kept: nothing reads it, and it holds the account's bytes. */
export function deleteOriginal(storage: Storage, key: string): Promise<void> {
  return deleteObject(storage, key);
}
