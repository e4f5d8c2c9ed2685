/**
 * The editor's styles, adopted by its shadow root: the page's rules cannot reach in, these cannot reach out, and
 * `all: initial` on the host stops the page's inherited fonts and colours at the boundary. Adopted rather than put in
 * a <style> element, so a page whose Content-Security-Policy forbids inline styles still shows the editor.
 */
export const EDITOR_CSS = `
:host { all: initial; }
*, *::before, *::after { box-sizing: border-box; }
.panel {
  position: fixed; top: 8px; bottom: 8px; width: 360px; z-index: 2147483646;
  display: flex; flex-direction: column; background: #fff; color: #1f2329;
  font: 13px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif;
  border: 1px solid #dee0e3; border-radius: 10px; box-shadow: 0 6px 24px rgba(31, 35, 41, .18); overflow: hidden;
}
.panel[data-dock="right"] { right: 8px; }
.panel[data-dock="left"] { left: 8px; }
header { display: flex; align-items: center; gap: 8px; padding: 10px 12px; border-bottom: 1px solid #eff0f1; }
header h1 { flex: 1; margin: 0; font-size: 14px; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
header small { display: block; font-weight: 400; color: #646a73; }
.steps { display: flex; gap: 4px; padding: 8px 12px 0; }
.steps span { flex: 1; text-align: center; padding: 4px 0; border-bottom: 2px solid #eff0f1; color: #8f959e; }
.steps span[aria-current="step"] { border-color: #3370ff; color: #3370ff; font-weight: 600; }
.toolbar { display: flex; gap: 8px; padding: 8px 12px; flex-wrap: wrap; }
.content { flex: 1; overflow: auto; padding: 0 12px 12px; }
footer { display: flex; gap: 8px; padding: 10px 12px; border-top: 1px solid #eff0f1; align-items: center; }
footer .spacer { flex: 1; }
section { border-top: 1px solid #eff0f1; padding: 10px 0; }
section:first-child { border-top: 0; }
h2 { font-size: 13px; margin: 0 0 8px; font-weight: 600; }
h3 { font-size: 12px; margin: 10px 0 6px; font-weight: 600; color: #646a73; }
button {
  font: inherit; color: #1f2329; background: #fff; border: 1px solid #d0d3d6; border-radius: 6px;
  padding: 4px 10px; cursor: pointer; line-height: 20px;
}
button:hover:not(:disabled) { border-color: #3370ff; color: #3370ff; }
button:disabled { color: #bbbfc4; cursor: not-allowed; background: #f5f6f7; }
button.primary { background: #3370ff; border-color: #3370ff; color: #fff; }
button.primary:hover:not(:disabled) { background: #4e83fd; color: #fff; }
button.link { border: 0; padding: 0 4px; color: #3370ff; background: none; }
.segmented { display: inline-flex; border: 1px solid #d0d3d6; border-radius: 6px; overflow: hidden; margin: 0; padding: 0; min-width: 0; }
.segmented button { border: 0; border-radius: 0; }
.segmented button[aria-pressed="true"] { background: #e1eaff; color: #3370ff; }
label { display: block; margin: 6px 0; color: #646a73; }
label > span { display: block; font-size: 12px; margin-bottom: 2px; }
input, select, textarea {
  font: inherit; color: #1f2329; width: 100%; padding: 4px 8px; border: 1px solid #d0d3d6; border-radius: 6px;
  background: #fff; min-height: 30px;
}
input:focus, select:focus, textarea:focus { outline: 2px solid #bacefd; border-color: #3370ff; }
input[aria-invalid="true"] { border-color: #f54a45; }
textarea { min-height: 60px; resize: vertical; }
.row { display: flex; gap: 6px; align-items: center; }
.row > * { flex: 1; }
.row > button { flex: none; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 0 8px; }
.colour { display: flex; gap: 6px; }
.row + h2 { margin-top: 12px; }
[data-selector-matches] { margin-bottom: 6px; }
.colour input[type="color"] { width: 36px; flex: none; padding: 2px; }
.colour input[data-transparent] { background: repeating-conic-gradient(#d0d5dd 0 25%, #fff 0 50%) 0 0 / 10px 10px; }
.colour input[data-transparent]::-webkit-color-swatch { visibility: hidden; }
.colour input[data-transparent]::-moz-color-swatch { visibility: hidden; }
.error { color: #f54a45; font-size: 12px; margin-top: 2px; }
.notice { padding: 8px 10px; border-radius: 6px; background: #f0f4ff; color: #1f2329; margin: 6px 0; }
.notice.warning { background: #fff5eb; }
.notice.success { background: #eafaf1; }
.notice.error { background: #fef1f1; color: #c02a26; }
.muted { color: #8f959e; }
.versions { list-style: none; margin: 0 0 8px; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.versions button { width: 100%; text-align: left; display: flex; justify-content: space-between; }
.versions button[aria-pressed="true"] { border-color: #3370ff; background: #f0f4ff; }
.tag { font-size: 11px; color: #646a73; background: #f2f3f5; border-radius: 4px; padding: 0 6px; }
.changes { list-style: none; margin: 0; padding: 0; }
.changes li { display: flex; gap: 6px; align-items: flex-start; padding: 4px 0; border-bottom: 1px dashed #eff0f1; }
.changes li code { flex: 1; word-break: break-all; font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
pre { white-space: pre-wrap; word-break: break-all; background: #f5f6f7; border-radius: 6px; padding: 8px; font-size: 12px; margin: 6px 0; }
details > summary { cursor: pointer; font-weight: 600; padding: 4px 0; }
.toast {
  position: fixed; left: 50%; top: 16px; transform: translateX(-50%); z-index: 2147483647; max-width: 520px;
  padding: 10px 16px; border-radius: 8px; background: #1f2329; color: #fff; box-shadow: 0 6px 24px rgba(0, 0, 0, .2);
  font: 13px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif;
}
.toast.error { background: #c02a26; }
.box { position: fixed; pointer-events: none; z-index: 2147483645; }
.box.hover { outline: 2px dashed #3370ff; background: rgba(51, 112, 255, .06); }
.box.selected { outline: 2px solid #3370ff; }
.box.match { outline: 2px dashed #ff8800; }
.box.target { outline: 2px solid #34c724; }
.box.ghost { outline: 2px dashed #ff8800; background: rgba(255, 136, 0, .08); }
.box.line { background: #34c724; }
.device { position: fixed; inset: 0; z-index: 2147483640; background: #646a73; display: flex; justify-content: center; align-items: center; }
/* The frame keeps clear of the panel: the backdrop covers the whole screen, its padding the panel's side. */
.device[data-dock="right"] { padding-right: 376px; }
.device[data-dock="left"] { padding-left: 376px; }
.device.docked { background: #fff; }
.device iframe { border: 0; background: #fff; }
.device.phone iframe { width: 375px; height: calc(100% - 32px); max-height: 812px; border-radius: 16px; box-shadow: 0 6px 24px rgba(0, 0, 0, .3); }
.device.docked iframe { width: 100%; height: 100%; }
@media (max-width: 767px) {
  /* On a phone the panel is a sheet over the lower half of the screen, and the page keeps the upper half. */
  .panel, .panel[data-dock] { left: 8px; right: 8px; top: 50vh; width: auto; }
  .device, .device[data-dock] { padding: 0 0 50vh; }
  .device.phone iframe { width: 100%; height: 100%; max-height: none; border-radius: 0; box-shadow: none; }
}
`;
