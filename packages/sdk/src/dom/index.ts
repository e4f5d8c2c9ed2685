// What the client and the visual editor use to change pages; the rest of the folder is internal.
export { ANTI_FLICKER_TIMEOUT_MS, hidePage } from './anti-flicker';
export type { AppliedRules, ApplyOptions } from './apply';
export { applyElementRules, PASS_LIMIT, REAPPLY_LIMIT, REAPPLY_WINDOW_MS } from './apply';
export type { NavigationOptions } from './navigation';
export { watchNavigation } from './navigation';
export { addStyleSheet } from './page-changes';
export * as structure from './structure';
