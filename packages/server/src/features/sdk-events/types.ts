/**
 * How the ids of exposures the server logs for its own evaluations begin: such an id stands for the unit's exposure,
 * not for one evaluation, so the same id comes again at a later time.
 */
export const SERVER_EXPOSURE_ID_PREFIX = 'srv_';

/** One event as stored: the SDK's event with its key's project and environment. */
export interface EventRow {
  projectId: string;
  environmentId: string;
  /** The SDK's id, unique per project. */
  eventId: string;
  type: 'exposure' | 'track';
  unitId: string;
  experiment: string | null;
  version: string | null;
  /** A track event's name. */
  name: string | null;
  value: number | null;
  properties: Record<string, unknown> | null;
  attributes: Record<string, unknown> | null;
  /** Epoch milliseconds on the visitor's clock. */
  occurredAt: number;
}

export interface BatchOutcome {
  /** Every valid event of the batch: all are stored once this is known. */
  accepted: number;
  /** Of those, how many were already stored (a retried batch). */
  duplicates: number;
}
