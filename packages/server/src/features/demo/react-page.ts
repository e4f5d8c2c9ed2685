import { escapeHtml, htmlDocument, type ShopKey, snippetTag, variantLinks } from './html';
import { REACT_ROOT_ID } from './shop-copy';

/**
 * The React variant of the shop: the same snippet in the head, then the app's bundle (deferred, so it renders once the
 * snippet has started the SDK), which renders the shop into an empty element and keeps rendering it.
 */
export const renderReactShop = (shop: ShopKey, bundlePath: string): string =>
  htmlDocument(
    `${variantLinks(shop.clientKey, 'react')}\n<div id="${REACT_ROOT_ID}"></div>`,
    `${snippetTag(shop)}<script src="${escapeHtml(bundlePath)}" defer></script>`,
  );

export const REACT_SHOP_NOT_BUILT = 'The React shop is not built: run `npm run build`, then restart the server.';

export const renderReactShopNotBuilt = (): string =>
  htmlDocument(`<main><h1>Tabula demo page</h1><p role="alert">${escapeHtml(REACT_SHOP_NOT_BUILT)}</p></main>`);
