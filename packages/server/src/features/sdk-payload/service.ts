/** What other features use of the SDK payload: the per-environment cache every route serving a payload shares. */

export { FROM_MEMORY_HEADER, markIfFromMemory } from './from-memory';
export { createPayloadCache, type PayloadCache } from './payload-cache';
