import { API_KEY_PREFIX } from '@tabula/protocol';

/** Client keys are public, but the page still only ever embeds one that looks like a key. */
export const CLIENT_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX.client}[A-Za-z0-9_-]{8,100}$`);

/** Good for text and for double-quoted attribute values alike. */
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1f2329}
main{max-width:640px;margin:48px auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001}
h1{margin-top:0}dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px}dt{color:#646a73}
dd{margin:0;font-weight:600}button{font:inherit;color:#fff;background:#1677ff;border:0;border-radius:8px;
padding:10px 20px;cursor:pointer}input{font:inherit;padding:8px;width:100%;box-sizing:border-box;margin:8px 0}
small{color:#646a73}`;

/**
 * A stand-in for a customer's page: the SDK loaded by its script tag (no inline script, so the server's strict
 * Content-Security-Policy holds), and demo.js showing what the SDK decided for this visitor.
 */
export function renderDemoPage(input: { clientKey: string; projectId: string } | { problem: string } | null): string {
  const body =
    input && 'clientKey' in input
      ? `<main><h1 id="headline">Everything for your garden</h1>
<dl><dt>new-checkout</dt><dd id="new-checkout">…</dd><dt>button-colour</dt><dd id="button-colour">…</dd>
<dt>checkout-button</dt><dd id="experiment">…</dd></dl>
<p><button id="buy" type="button">Buy for €42</button> <span id="status" role="status"></span></p>
<small>Change the flags in the console: this page follows within a second.</small></main>
<script src="/sdk/tabula.js" data-client-key="${escapeHtml(input.clientKey)}" data-project-id="${escapeHtml(input.projectId)}" data-streaming="true"></script>
<script src="/demo/demo.js"></script>`
      : `<main><h1>Tabula demo page</h1>${input ? `<p role="alert">${escapeHtml(input.problem)}</p>` : ''}<form method="get" action="/demo"><label>Client key
<input name="key" required placeholder="${API_KEY_PREFIX.client}…" autocomplete="off"></label>
<button type="submit">Open</button></form>
<small>Every project's client keys are under Project settings → API keys; the Demo shop project has one ready.</small></main>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Tabula demo shop</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** What the page runs once the SDK is there; text is set as text, never as HTML. */
export const DEMO_SCRIPT = `(function () {
  var client = window.Tabula && window.Tabula.client;
  if (!client) return;
  var text = function (id, value) { document.getElementById(id).textContent = value; };
  var buy = document.getElementById('buy');
  function render() {
    text('new-checkout', client.isOn('new-checkout') ? 'on' : 'off');
    var assigned = client.getExperiment('checkout-button');
    text('experiment', assigned ? assigned.version : 'not in the experiment');
    var colour = client.getFlag('button-colour', '#1677ff');
    text('button-colour', colour);
    buy.style.backgroundColor = colour;
  }
  client.ready().then(function (ready) {
    if (!ready) text('status', 'The server cannot be reached: showing the defaults');
    render();
  });
  client.subscribe(render);
  buy.addEventListener('click', function () {
    client.track('purchase', 42);
    client.flush().then(function () { text('status', 'Purchase tracked'); });
  });
})();
`;
