/** The event table's partition for events no monthly partition covers: far-off clocks, months not created yet. */
export const DEFAULT_EVENT_PARTITION = 'event_default';
