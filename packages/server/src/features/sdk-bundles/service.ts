import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Precompressed, precompress } from '../../http/precompressed';

export const SDK_BUNDLE_FILE = 'tabula.js';
/**
 * The parts the bundle loads beside itself when a page needs them (streaming, online retrieval, optional operators),
 * named with a hash of their content by the SDK build: `tabula-stream.1a2b3c4d.js`.
 */
const SDK_PART_FILE = /^tabula-[a-z]+\.[0-9a-f]{8}\.js$/;

export interface SdkBundles {
  bundle: Precompressed;
  /** By file name. */
  parts: Map<string, Precompressed>;
}

/** The built SDK bundle and its parts, each compressed once; null when the SDK is not built. */
export async function loadSdkBundles(sdkDir: string): Promise<SdkBundles | null> {
  let files: string[];
  try {
    files = await readdir(sdkDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!files.includes(SDK_BUNDLE_FILE)) return null;
  const load = async (file: string) => precompress(await readFile(join(sdkDir, file)));
  const partFiles = files.filter((file) => SDK_PART_FILE.test(file));
  const [bundle, ...parts] = await Promise.all([SDK_BUNDLE_FILE, ...partFiles].map(load));
  return { bundle: bundle as Precompressed, parts: new Map(partFiles.map((file, index) => [file, parts[index]!])) };
}
