/** Random ids leave out look-alike characters (0/O, 1/l/I) so they survive being read aloud or retyped (spec §9). */
export const ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const ID_LENGTH = 16;

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
/** A project can narrow or raise a member's role, never make them its organization's owner. */
export const PROJECT_ROLES = ['admin', 'editor', 'viewer'] as const;
export const DEFAULT_ENVIRONMENTS = [
  { key: 'development', name: 'Development', protected: false },
  // Real users: only admins and the members granted it change what production serves.
  { key: 'production', name: 'Production', protected: true },
] as const;

export const API_KEY_KINDS = ['client', 'secret'] as const;
/** Prefixes tell a leaked key's kind at a glance and let secret scanners find them. */
export const API_KEY_PREFIX = { client: 'tbc_', secret: 'tbs_' } as const;

export const SESSION_COOKIE = 'tabula_session';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_TTL_DAYS = 14;
export const INVITATION_TTL_DAYS = 7;
/** A password reset link is good for a day: long enough to hand over, short enough not to linger. */
export const PASSWORD_RESET_TTL_HOURS = 24;

/** Spec §1: the product families an edition selects; the tab family has its own snippet form. */
export const PRODUCT_FAMILIES = ['tab', 'abc', 'mg'] as const;
export type ProductFamily = (typeof PRODUCT_FAMILIES)[number];
/** Spec §1/§9: the SDK version each snippet loads: 3.0.5 for the tab family, 1.0.7 for the others. */
export const SDK_SNIPPET_VERSIONS = { tab: '3.0.5', other: '1.0.7' } as const;
/** The name the web SDK reports itself by with its usage (mirrored in the SDK's constants). */
export const WEB_SDK_NAME = 'tabula-js';
export const sdkSnippetVersion = (family: ProductFamily): string =>
  family === 'tab' ? SDK_SNIPPET_VERSIONS.tab : SDK_SNIPPET_VERSIONS.other;
/**
 * Where a snippet loads the SDK from. With the client key, the server sends that environment's payload with the
 * bundle (see SCRIPT_PAYLOAD_PROPERTY), so a first visit applies visual changes without waiting for a request.
 */
export const sdkScriptUrl = (origin: string, family: ProductFamily, clientKey?: string): string =>
  `${origin}/sdk/tabula@${sdkSnippetVersion(family)}.js${clientKey ? `?key=${encodeURIComponent(clientKey)}` : ''}`;
/** Spec §1/§9: the automatic poll refreshes experiment and flag data every 10 minutes. */
export const SDK_POLL_INTERVAL_MS = 10 * 60 * 1000;

/**
 * How deep prerequisites may nest (a flag requiring a flag requiring a flag…): the server refuses longer chains, and
 * the SDK serves the off variant past it, which also ends any cycle a hand-made payload might hold.
 */
export const MAX_PREREQUISITE_DEPTH = 10;
