// The client's options, what an experiment answers and what the client hands its parts: types of their own, so the
// parts the client loads can name them without importing the client.
import type { ExperimentAssignment, SdkPayload, SealedPayload } from '@tabula/protocol';
import type { Attributes } from '../core';
import type { EnvelopeStore, StorageLike } from './storage';

interface CommonOptions {
  /** The client key of one environment (`{key}` in the snippet). */
  clientKey: string;
  /**
   * The environment's decryption key, shown with its client key, when the environment serves its payload encrypted.
   * Decryption uses WebCrypto, which browsers offer only to https pages (and localhost).
   */
  decryptionKey?: string;
  /** Base URL of the Tabula server; in a browser it defaults to the origin the script was loaded from. */
  apiHost?: string;
  attributes?: Attributes;
  /**
   * Turns on visual (UI) experiments on this page: their changes are applied, and page views and clicks on the
   * payload's click selectors are tracked (`$pageview`, `$click`).
   */
  enableUI?: boolean;
  /** With enableUI, how long the page may stay hidden while a first visit waits for the payload, in ms; default 1000. */
  antiFlickerTimeout?: number;
  /** Refresh flags and experiments every 10 minutes (spec §1); default true. */
  autoPoll?: boolean;
  /** fetchExperiment asks the server to log the exposure (spec §1); default false. */
  autoExposure?: boolean;
  /** Receive each change at once over server-sent events; default false. */
  streaming?: boolean;
  /** experimentKey → versionKey, for QA; the `tabula_force` URL parameter adds to (and wins over) these. */
  forcedVersions?: Record<string, string>;
  /** Hears every problem the SDK meets; nothing is ever thrown into the host page. */
  onError?: (error: Error) => void;
  storage?: StorageLike;
  fetch?: typeof fetch;
  /** How often queued events are sent, in ms; default 5000. */
  flushInterval?: number;
  /** How long ready() waits for a first payload, in ms; default 3000. */
  readyTimeout?: number;
  /** A payload to start from (server-side rendering); the newer of it and the cached one is served first. */
  payload?: SdkPayload | SealedPayload;
}

/** Tab family (spec §1): the visitor id is the user id when logged in, else a generated uuid kept on the device. */
export interface TabClientOptions extends CommonOptions {
  appId: string;
  userId?: string;
  projectId?: never;
  unitId?: never;
}

/** Other families (spec §1): the host names the unit that splits traffic; a generated uuid stands in when absent. */
export interface ProjectClientOptions extends CommonOptions {
  projectId: string;
  unitId?: string;
  appId?: never;
  userId?: never;
}

export type ClientOptions = TabClientOptions | ProjectClientOptions;

export type ExperimentResult = Pick<ExperimentAssignment, 'version' | 'params'>;

/**
 * What the client hands the parts it loads (parts.ts): one object for all of them, each part naming what it reads
 * (`Pick<ClientHost, …>`).
 */
export interface ClientHost {
  settings: Partial<ClientOptions>;
  /** The address of one of the SDK's endpoints, for the client key. */
  url: (endpoint: string) => string;
  fetch: typeof fetch;
  report: (error: unknown) => void;
  /** The SDK version of the client's product family, under which its usage is reported. */
  version: string;
  /** The flags evaluated (usage.ts): their counts travel with the events. */
  evaluated: Map<string, Record<string, number>>;
  /** The event queue's record in storage (the client key's), read through `parse`. */
  queueStore: <T>(parse: (data: unknown) => T | undefined) => EnvelopeStore<T>;
  /** Asks for the payload, revalidating the one served (If-None-Match); a fetch that throws rejects. */
  request: () => Promise<Response>;
  /**
   * Serves a payload the server sent (its ETag, when the answer tells it), stores it and tells the subscribers; one
   * whose revision is the one received last changes nothing. Never rejects.
   */
  receive: (payload: SdkPayload | SealedPayload, etag: string | null) => Promise<void>;
  /** How the server answered (the client's AnswerListener): see AnswerListener in client.ts. */
  answered: (status: number) => void;
  /** QA-forced versions, by experiment. */
  forced: Record<string, string>;
  /** Remembers (and, unless the server logged it, logs) an exposure. */
  expose: (
    experiment: string,
    version: string,
    unit: string,
    attributes?: Attributes,
    loggedByServer?: boolean,
  ) => void;
  /** Local evaluation, logging the exposure unless `log` is false. */
  local: (key: string, attributes: Attributes, log?: boolean) => ExperimentResult | null;
}
