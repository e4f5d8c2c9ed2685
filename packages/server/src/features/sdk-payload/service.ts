/** What other features use of the SDK payload: the per-environment cache every route serving a payload shares. */
export { createPayloadCache, type PayloadCache } from './payload-cache';
