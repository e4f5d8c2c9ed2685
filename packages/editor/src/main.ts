// The bundle's entry (/sdk/editor.js): it starts the editor by itself on a page that carries an editor token, however
// it was loaded (the SDK, the extension, a bookmarklet), and offers `TabulaEditor.start` to loaders that pass one.
import { findLaunch, type Launch } from './boot/launch';
import { startEditor } from './boot/start';

const script = document.currentScript as HTMLScriptElement | null;

function whenReady(start: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

(window as unknown as { TabulaEditor: unknown }).TabulaEditor = {
  start: (launch: Launch) => whenReady(() => void startEditor(launch)),
};

const launch = findLaunch(window, script);
if (launch) whenReady(() => void startEditor(launch));
