/**
 * What other features use of the SDK payload: the per-environment cache every route serving a payload shares, online
 * evaluation, and the server-sent event streams that announce each new revision.
 */

export { type Evaluation, evaluate, exposureRows } from './evaluate';
export { lastEventIdOf, startEventStream } from './event-stream';
export { FROM_MEMORY_HEADER, markIfFromMemory } from './from-memory';
export { createLoggedExposures, type LoggedExposures } from './logged-exposures';
export { createPayloadCache, type PayloadCache, type PayloadSnapshot } from './payload-cache';
export { createStreamHub } from './stream-hub';
export { findCustomScript } from './visual';
