// The `background` part (parts.ts): what the client does once the page is served, which every page loads but none
// waits for. It sends the events and the flag usage (events.ts), and keeps the payload fresh (updates.ts).
export { createEventQueue } from './events';
export { startPayloadUpdates } from './updates';
