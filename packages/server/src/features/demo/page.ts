import { API_KEY_PREFIX } from '@tabula/protocol';
import { escapeHtml, htmlDocument, type ShopKey, snippetTag, variantLinks } from './html';
import { DEFAULT_BUTTON_COLOUR, PRICE, SHOP_COPY } from './shop-copy';
import { DEMO_PATHS, type DemoVariant } from './variants';

/** Client keys are public, but the page still only ever embeds one that looks like a key. */
export const CLIENT_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX.client}[A-Za-z0-9_-]{8,100}$`);

/**
 * A stand-in for a customer's page: the SDK's snippet in its head, and demo.js showing what the SDK decided for this
 * visitor.
 */
export const renderPlainShop = (shop: ShopKey): string =>
  htmlDocument(
    `${variantLinks(shop.clientKey, 'plain')}
<main class="shop"><h1 id="headline">${SHOP_COPY.headline}</h1>
<dl><dt>new-checkout</dt><dd id="new-checkout">${SHOP_COPY.pending}</dd><dt>button-colour</dt><dd id="button-colour">${SHOP_COPY.pending}</dd>
<dt>checkout-button</dt><dd id="experiment">${SHOP_COPY.pending}</dd></dl>
<p><button id="buy" type="button">${SHOP_COPY.buy}</button> <span id="status" role="status"></span></p>
<small class="note">${SHOP_COPY.note}</small></main>
<script src="/demo/demo.js"></script>`,
    snippetTag(shop),
  );

/** The page a variant shows without a usable key: why, if there is a reason, and a form asking for one. */
export const renderKeyForm = (variant: DemoVariant, problem?: string): string =>
  htmlDocument(`<main><h1>Tabula demo page</h1>${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}<form method="get" action="${DEMO_PATHS[variant]}"><label>Client key
<input name="key" required placeholder="${API_KEY_PREFIX.client}…" autocomplete="off"></label>
<button type="submit">Open</button></form>
<small>Every project's client keys are under Project settings → API keys; the Demo shop project has one ready.</small></main>`);

/** What the plain page runs once the SDK is there; text is set as text, never as HTML. */
export const DEMO_SCRIPT = `(function () {
  var client = window.Tabula && window.Tabula.client;
  if (!client) return;
  var copy = ${JSON.stringify(SHOP_COPY)};
  var text = function (id, value) { document.getElementById(id).textContent = value; };
  var buy = document.getElementById('buy');
  function render() {
    text('new-checkout', client.isOn('new-checkout') ? 'on' : 'off');
    var assigned = client.getExperiment('checkout-button');
    text('experiment', assigned ? assigned.version : copy.notInExperiment);
    var colour = client.getFlag('button-colour', '${DEFAULT_BUTTON_COLOUR}');
    text('button-colour', colour);
    buy.style.backgroundColor = colour;
  }
  client.ready().then(function (ready) {
    if (!ready) text('status', copy.unreachable);
    render();
  });
  client.subscribe(render);
  buy.addEventListener('click', function () {
    client.track('purchase', ${PRICE});
    client.flush().then(function () { text('status', copy.purchaseTracked); });
  });
})();
`;
