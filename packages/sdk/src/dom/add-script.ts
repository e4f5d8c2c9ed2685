/** Adds a script file to the page, under the snippet's nonce when the page gave it one. */
export function addScript(address: string, nonce?: string): HTMLScriptElement {
  const script = document.createElement('script');
  if (nonce) script.nonce = nonce;
  script.src = address;
  (document.head || document.documentElement).append(script);
  return script;
}
