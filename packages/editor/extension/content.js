// Opens the visual editor on the pages of this tab's site while its sign-in lasts: the same bundle as the SDK and the
// bookmarklet load, from the server the token was pasted for. The page's own Content-Security-Policy still decides
// whether it may load.
chrome.storage.local.get(['server', 'token', 'expiresAt'], ({ server, token, expiresAt }) => {
  if (!server || !token || !(Date.parse(expiresAt) > Date.now())) return;
  if (document.querySelector('tabula-editor, script[data-tabula-editor]')) return;
  const script = document.createElement('script');
  script.src = `${server}/sdk/editor.js`;
  script.dataset.token = token;
  script.dataset.tabulaEditor = '';
  document.documentElement.append(script);
});
