// The `background` part (parts.ts): what the client does once the page is served, which every page loads but none
// waits for. It sends the events and the flag usage (events.ts), and keeps the payload fresh (updates.ts). Its exports
// are named short: the snippet bundle spells out each name it calls on a part.
export { createEventQueue as events } from './events';
export { startPayloadUpdates as updates } from './updates';
