// Free of zod, like everything the editor's bundle imports from this package.

/**
 * The visual editor runs on the customer's page, with no session cookie: the console hands it a short-lived token,
 * scoped to one experiment, in this query parameter of the page's address (or through its loader).
 */
export const EDITOR_TOKEN_PARAM = 'tabula_editor';
/** Long enough for an editing session, short enough that a link left in a browser's history soon opens nothing. */
export const EDITOR_TOKEN_TTL_SECONDS = 2 * 60 * 60;
/** Editor tokens are told apart from API keys at a glance, and by secret scanners. */
export const EDITOR_TOKEN_PREFIX = 'tbe_';
