/** Spec §9: the SDK refreshes experiment and flag data every 10 minutes. */
export const POLL_INTERVAL_MS = 10 * 60_000;
/** Spec §9: the snippet version per product family (spec §1 editions: tab, abc, mg). */
export const SDK_VERSIONS = { tab: '3.0.5', abc: '1.0.7', mg: '1.0.7' } as const;
/** Mirrors protocol's WEB_SDK_NAME: the name the SDK reports its usage under. */
export const SDK_NAME = 'tabula-js';

export const FLUSH_INTERVAL_MS = 5_000;
/** How long ready() waits for a first payload before the page goes on with defaults. */
export const READY_TIMEOUT_MS = 3_000;
/** A failing request is retried after 2 s, 4 s, 8 s… (with jitter) but never waits longer than this. */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;
/** The server sends a heartbeat every 15 s; three missed ones mean the stream is dead even if the socket is not. */
export const STREAM_SILENCE_MS = 45_000;

/** Mirror protocol's MAX_EVENTS_PER_BATCH and MAX_FLAG_KEYS_PER_BATCH: importing them would pull zod into the bundle. */
export const MAX_EVENTS_PER_BATCH = 500;
export const MAX_FLAG_KEYS_PER_BATCH = 1_000;
/** A flag evaluated again within this time of its last report is not reported again before it has passed. */
export const USAGE_REPORT_INTERVAL_MS = 10 * 60_000;
/** Events waiting for the server; past this the oldest are dropped (and reported) so storage cannot fill up. */
export const MAX_QUEUED_EVENTS = 1_000;
/** A change to the event queue reaches storage within this time (a burst of events costs one write). */
export const QUEUE_SAVE_DELAY_MS = 1_000;
/** Logged exposures and sticky assignments remembered per client key (a server-side client sees many units). */
export const MAX_REMEMBERED = 1_000;

/** Spec §1 QA: `?tabula_force=expKey:versionKey,exp2:v2` forces versions on this page. */
export const FORCE_PARAMETER = 'tabula_force';

/**
 * Mirror protocol's PAGEVIEW_EVENT and CLICK_EVENT: the track events a client with enableUI sends by itself, which
 * page-view and click metrics count. Both carry the page's address as property `url`, a click its selector as
 * `selector`.
 */
export const PAGEVIEW_EVENT = '$pageview';
/** Mirrors protocol's: the snippet's script element carries the payload here when its address names the key. */
export const SCRIPT_PAYLOAD_PROPERTY = 'tabulaPayload';
export const CLICK_EVENT = '$click';
