import { readFile } from 'node:fs/promises';

/** A file a build step writes (a bundle the server serves); null when it has not been built. */
export async function readBuiltFile(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
