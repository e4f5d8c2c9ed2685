import type { SdkPayload, SealedPayload } from '@tabula/protocol';
import { explain, isPayload, Problem } from '../core';
import type { ClientOptions } from './options';

const bytes = (base64: string | undefined): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(base64 || ''), (character) => character.charCodeAt(0));

/**
 * Opens an encrypted payload (AES-GCM, `<iv>.<ciphertext and tag>` in base64) with the environment's key, through
 * WebCrypto. A part of its own: only clients of environments with payload encryption load it. Rejects with the
 * problem when there is no key, no WebCrypto (plain-http pages) or the key does not open it.
 */
export async function decrypt(
  sealed: SealedPayload,
  { decryptionKey: key }: Partial<ClientOptions>,
): Promise<SdkPayload> {
  if (!key) throw new Error(explain(Problem.NoDecryptionKey));
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error(explain(Problem.NoWebCrypto));
  const [iv, data] = sealed.encrypted.split('.');
  let payload: unknown;
  try {
    const secret = await subtle.importKey('raw', bytes(key), 'AES-GCM', false, ['decrypt']);
    const plain = await subtle.decrypt({ name: 'AES-GCM', iv: bytes(iv) }, secret, bytes(data));
    payload = JSON.parse(new TextDecoder().decode(plain));
  } catch {
    // A wrong key and a tampered text fail alike: GCM's tag does not tell them apart.
  }
  // The revision outside is what caches and ETags go by: it must be the payload's own.
  if (!isPayload(payload) || payload.revision !== sealed.revision)
    throw new Error(explain(Problem.NotDecrypted, sealed.revision));
  return payload;
}
