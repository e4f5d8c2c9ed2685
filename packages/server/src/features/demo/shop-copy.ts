// Shared by the plain page's HTML and script and by the React shop's bundle, so the two variants say the same things
// with the same element ids, and one visual experiment's changes fit both. Free of Node modules: the bundle imports it.

export const SHOP_COPY = {
  headline: 'Everything for your garden',
  buy: 'Buy for €42',
  note: 'Change the flags in the console: this page follows within a second.',
  pending: '…',
  notInExperiment: 'not in the experiment',
  unreachable: 'The server cannot be reached: showing the defaults',
  purchaseTracked: 'Purchase tracked',
} as const;

/** What the Buy button's `purchase` event is worth: the demo experiments' revenue metric sums it. */
export const PRICE = 42;
/** The button-colour flag's value for visitors it does not reach. */
export const DEFAULT_BUTTON_COLOUR = '#1677ff';
/** The element the React shop renders into. */
export const REACT_ROOT_ID = 'shop';
