import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readBuiltFile } from '../../http/built-file';
import { type Precompressed, precompress } from '../../http/precompressed';

/** What scripts/build-react-shop.mjs writes into the demo folder. */
const REACT_SHOP_FILE = 'react-shop.js';

export interface ReactShopBundle {
  /** Where the page loads it from: the name carries a hash of the content, so browsers keep it until a new build. */
  path: string;
  body: Precompressed;
}

/** The built React shop, compressed once; null when it is not built. */
export async function loadReactShopBundle(demoDir: string): Promise<ReactShopBundle | null> {
  const bundle = await readBuiltFile(join(demoDir, REACT_SHOP_FILE));
  if (!bundle) return null;
  const hash = createHash('sha256').update(bundle).digest('hex').slice(0, 8);
  return { path: `/demo/react-shop.${hash}.js`, body: await precompress(bundle) };
}
