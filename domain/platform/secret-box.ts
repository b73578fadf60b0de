/**
 * Encryption at rest for secrets the service must read back (webhook signing secrets): AES-256-GCM under
 * `DATA_ENCRYPTION_KEY`, a fresh 96-bit IV per value, and the owning record's id as associated data, so a
 * ciphertext copied onto another record does not decrypt. Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 *
 * Rotation: values are sealed under the current key only, and opened by whichever of the
 * configured keys authenticates them (the current one, then `DATA_ENCRYPTION_KEY_FALLBACKS`), so a new key can be
 * deployed before every value has been sealed again under it. GCM's tag tells the right key from a wrong one; no key
 * id is stored.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** None of the keys given opens the value: it was sealed under a key no longer configured, altered, or is no sealed value. */
export class SecretUnreadable extends Error {
  constructor(boundTo: string) {
    super(`the sealed secret of ${boundTo} opens under none of the configured keys`);
    this.name = 'SecretUnreadable';
  }
}

/** GCM's full tag, as sealSecret writes it. */
const TAG_BYTES = 16;

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
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext, and which of `keys` opened it (0: the first, the key new values are sealed under). */
export function openSecretWith(
  keys: readonly string[],
  sealed: string,
  boundTo: string,
): { plaintext: string; keyIndex: number } {
  // A value of another shape (or none) opens under no key either: the same answer, so no caller needs two.
  const [version, iv, tag, ciphertext] = typeof sealed === 'string' ? sealed.split('.') : [];
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new SecretUnreadable(boundTo);
  for (const [keyIndex, keyBase64] of keys.entries()) {
    const opening = key(keyBase64); // a malformed configured key is the deployment's error, not an unreadable value
    try {
      // Every step may refuse the value: setting a tag of a length GCM does not have throws at once. The tag must
      // be the whole 16 bytes sealSecret writes: GCM would otherwise accept a tag cut to 4, weakening it to 32 bits.
      const decipher = createDecipheriv('aes-256-gcm', opening, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return {
        plaintext: Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        ),
        keyIndex,
      };
    } catch {
      // Not this key (the tag does not authenticate), or a value no key can open: the next key, then unreadable.
    }
  }
  throw new SecretUnreadable(boundTo);
}

export function openSecret(keys: string | readonly string[], sealed: string, boundTo: string): string {
  return openSecretWith(typeof keys === 'string' ? [keys] : keys, sealed, boundTo).plaintext;
}
