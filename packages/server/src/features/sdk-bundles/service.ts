import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Precompressed, precompress } from '../../http/precompressed';

export const SDK_BUNDLE_FILE = 'tabula.js';

/** The built SDK bundle, compressed once; null when the SDK is not built. */
export async function loadSdkBundle(sdkDir: string): Promise<Precompressed | null> {
  let source: Buffer;
  try {
    source = await readFile(join(sdkDir, SDK_BUNDLE_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return precompress(source);
}
