import type { SdkPayload, SealedPayload } from '@tabula/protocol';

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
export const newKey = (): string => base64(crypto.getRandomValues(new Uint8Array(16)));

/** Encrypts as the server does (AES-GCM, the tag after the ciphertext), through WebCrypto rather than its code. */
export async function seal(payload: SdkPayload, key: string): Promise<SealedPayload> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const secret = await crypto.subtle.importKey('raw', Buffer.from(key, 'base64'), 'AES-GCM', false, ['encrypt']);
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, secret, Buffer.from(JSON.stringify(payload)));
  const { revision, generatedAt } = payload;
  return {
    format: 1,
    revision,
    generatedAt,
    segments: [],
    flags: [],
    experiments: [],
    encrypted: `${base64(iv)}.${base64(new Uint8Array(data))}`,
  };
}
