/**
 * Encryption at rest for secrets the service must read back (webhook signing secrets): AES-256-GCM under
 * `DATA_ENCRYPTION_KEY`, a fresh 96-bit IV per value, and the owning record's id as associated data, so a
 * ciphertext copied onto another record does not decrypt. Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

function key(keyBase64: string): Buffer {
  const k = Buffer.from(keyBase64, 'base64');
  if (k.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes');
  return k;
}

export function sealSecret(keyBase64: string, plaintext: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(keyBase64), iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function openSecret(keyBase64: string, sealed: string, boundTo: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unrecognised sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key(keyBase64), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
