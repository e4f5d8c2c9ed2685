import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** Strict on purpose: these become path segments, so nothing like `..` or `/` may pass. */
export const bundleParams = z.object({
  appId: z.enum(['console']),
  ns: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  lng: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/),
});
export type BundleParams = z.infer<typeof bundleParams>;

/** The translation bundle's JSON text, or null when there is none. */
export async function readBundle(consoleDir: string, params: BundleParams): Promise<string | null> {
  try {
    return await readFile(join(consoleDir, 'locales', params.lng, `${params.ns}.json`), 'utf8');
  } catch {
    return null;
  }
}
