/**
 * The uploaded originals of input and reference documents (`…/original` in the object store): the presigned PUT
 * that lets a client write one, the checks at `complete`, the stream extraction reads, and the deletion of an
 * oversized one. This module alone builds those keys and touches those objects (test/unit/structure.test.ts).
 */
import type { Readable } from 'node:stream';
import { deleteObject, getObjectStream, presignUpload, putObject, statObject, type Storage } from '../platform/storage';

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

/** Bytes the API already holds (the legacy multipart run form). */
export function putOriginal(storage: Storage, key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  return putObject(storage, key, bytes, contentType);
}

/** The stored original's size, or null while nothing has been uploaded. */
export function statOriginal(storage: Storage, key: string) {
  return statObject(storage, key);
}

export function openOriginal(storage: Storage, key: string): Promise<Readable> {
  return getObjectStream(storage, key);
}

/** docs/decisions.md 427: an original over the upload limit is not kept. */
export function deleteOriginal(storage: Storage, key: string): Promise<void> {
  return deleteObject(storage, key);
}
