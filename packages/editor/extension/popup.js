// Signs the extension in with an editor token pasted from the console ("Open visual editor"), checked against the
// server before it is kept; signing out ends the token.
const message = (name, ...substitutions) => chrome.i18n.getMessage(name, substitutions) || name;
const byId = (id) => document.getElementById(id);

document.documentElement.lang = chrome.i18n.getUILanguage();
for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = message(element.dataset.i18n);

function show(stored) {
  const signedIn = Boolean(stored.token) && Date.parse(stored.expiresAt) > Date.now();
  byId('sign-in').hidden = signedIn;
  byId('signed-in').hidden = !signedIn;
  if (signedIn) byId('experiment').textContent = message('signedIn', stored.experiment);
  byId('server').value = stored.server ?? '';
}

async function callEditorApi(server, token, method) {
  const response = await fetch(`${server}/api/v1/editor/session`, {
    method,
    credentials: 'omit',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  return body;
}

byId('sign-in').addEventListener('submit', async (event) => {
  event.preventDefault();
  byId('problem').textContent = '';
  const server = new URL(byId('server').value).origin;
  const token = byId('token').value.trim();
  try {
    const session = await callEditorApi(server, token, 'GET');
    const stored = { server, token, expiresAt: session.expiresAt, experiment: session.experiment.name };
    await chrome.storage.local.set(stored);
    show(stored);
  } catch (error) {
    byId('problem').textContent = message('signInFailed', error.message);
  }
});

byId('sign-out').addEventListener('click', async () => {
  const { server, token } = await chrome.storage.local.get(['server', 'token']);
  await callEditorApi(server, token, 'DELETE').catch(() => {});
  await chrome.storage.local.remove(['token', 'expiresAt', 'experiment']);
  show({ server });
});

chrome.storage.local.get(['server', 'token', 'expiresAt', 'experiment']).then(show);
