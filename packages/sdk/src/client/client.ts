import type { EvaluationErrorCode, FlagDetails, SdkEvent, SdkPayload, SealedPayload } from '@tabula/protocol';
import {
  type Attributes,
  type CompiledPayload,
  compilePayload,
  type EvaluationOptions,
  errorResult,
  evaluateExperiment,
  explain,
  installOperators,
  isObject,
  isPayload,
  missingFlag,
  Problem,
  report as reportTo,
} from '../core';
import { FAST_PATHS } from '../core/fast-paths';
import { FORCE_PARAMETER, MAX_REMEMBERED, READY_TIMEOUT_MS, SDK_VERSIONS } from './constants';
import { uuid } from './ids';
import { type BackgroundHost, startBackground } from './lazy-background';
import type { ClientOptions, ExperimentResult } from './options';
import { loadPart } from './parts';
import { SCRIPT_URL } from './script-url';
import { createStore } from './storage';
import { later } from './timers';
import { startVisual, type Visual } from './visual';

export type { ClientOptions, ExperimentResult, ProjectClientOptions, TabClientOptions } from './options';

export type TypedFlagDetails<T> = Omit<FlagDetails, 'value'> & { value: T };
/** Hears each new payload, with the one it replaces (none when the client had none). */
export type PayloadListener = (payload: SdkPayload, previous: SdkPayload | undefined) => void;
/**
 * Hears each answer to the client's requests for the payload (polls and streams): 200 when the payload served is
 * current (a 200 or a 304, or a stream opened), the HTTP status of a refusal (401, 403 or 404: the client key is unknown
 * or revoked; 5xx), 0 when no answer came or it could not be read, or a stream was lost. Undefined: none yet.
 */
export type AnswerListener = (status: number | undefined) => void;
/** A flag read with `false` as its default is a boolean flag, not a flag whose value is `false`. */
export type Widen<T> = T extends boolean ? boolean : T extends string ? string : T extends number ? number : T;

/**
 * Methods that take `attributes` evaluate for those attributes instead of the client's (one client serving many
 * users on a server); `id` is the unit id.
 */
export interface TabulaClient {
  /** The SDK version of this client's product family (spec §9). */
  readonly version: string;
  /**
   * The unit id the client started with: from the options (attributes.id, userId or unitId), else the visitor id kept
   * on this device.
   */
  readonly visitorId: unknown;
  readonly enableUI: boolean;
  /** Resolves true once a payload (cached counts) is being served, or false after the ready timeout. Never rejects. */
  ready(): Promise<boolean>;
  isOn(key: string, attributes?: Attributes): boolean;
  getFlag<T>(key: string, defaultValue: T, attributes?: Attributes): Widen<T>;
  getFlagDetails<T>(key: string, defaultValue: T, attributes?: Attributes): TypedFlagDetails<Widen<T>>;
  /** The unit's version, logging an exposure the first time; null when the unit is not in the experiment. */
  getExperiment(key: string, attributes?: Attributes): ExperimentResult | null;
  /** Online retrieval: the server assigns (and logs the exposure when autoExposure is on). */
  fetchExperiment(key: string): Promise<ExperimentResult | null>;
  track(event: string, value?: number, properties?: Record<string, unknown>, attributes?: Attributes): void;
  /** Replaces the attributes; the unit id (`id`) is kept unless the new attributes name one. */
  setAttributes(attributes: Attributes): void;
  /** Called with each new payload; returns the unsubscribe function. */
  subscribe(listener: PayloadListener): () => void;
  /** Called at once with the server's last answer (AnswerListener), then with each one; returns the unsubscribe. */
  onAnswer(listener: AnswerListener): () => void;
  /** Sends queued events now. Never rejects. */
  flush(): Promise<void>;
  destroy(): void;
}

/** A payload as served: in clear, or encrypted for the environment's key. */
type Received = SdkPayload | SealedPayload;

interface CachedPayload {
  payload: Received;
  etag: string;
}

interface RememberedState {
  /** `${experiment}|${unit}` → the version the unit was first given, per experiment phase. */
  sticky: Record<string, { version: string; phase: number }>;
  /** `${experiment}|${version}|${unit}` of each exposure already logged. */
  exposed: string[];
}

/** An event as the client describes it; the queue adds the id and the time. */
type NewEvent = SdkEvent extends infer E ? (E extends SdkEvent ? Omit<E, 'id' | 'at'> : never) : never;

const scriptOrigin = SCRIPT_URL && new URL(SCRIPT_URL).origin;

const kind = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** The `forcedVersions` option, with the `tabula_force` URL parameter's versions over it. */
function forcedVersions(settings: Partial<ClientOptions>): Record<string, string> {
  const forced: Record<string, string> = {};
  try {
    Object.assign(forced, settings.forcedVersions);
    for (const pair of (new URLSearchParams(location.search).get(FORCE_PARAMETER) || '').split(',')) {
      const [experiment, version] = pair.split(':');
      if (experiment && version) forced[experiment] = version;
    }
  } catch {
    // not in a browser
  }
  return forced;
}

export function createClient(options: ClientOptions): TabulaClient {
  const settings: Partial<ClientOptions> = isObject(options) ? options : {};
  const report = (error: unknown): void => reportTo(error, settings);

  /** The payload served, compiled, and the latest received, which may wait for a part (see receive). */
  let compiled: CompiledPayload | undefined;
  let served: SdkPayload | undefined;
  let latest: Received | undefined;
  /** Payloads count as they arrive: one that arrived later and is served already is not replaced. */
  let arrivals = 0;
  let servedArrival = 0;
  let visual: Visual | undefined;
  let etag: string | undefined;
  let attributes: Attributes = {};
  let remembered: RememberedState = { sticky: {}, exposed: [] };
  /**
   * The marks of `remembered.exposed`, for a quick lookup (a server-side client logs thousands): kept with the list,
   * with the fast paths (fast-paths.ts). Without them the list itself is looked in.
   */
  let exposed = new Set<string>();
  let destroyed = false;
  const listeners = new Set<PayloadListener>();
  /** The server's last answer (AnswerListener), and who hears them. */
  let answer: number | undefined;
  const answerListeners = new Set<AnswerListener>();
  const waiting = new Set<(ready: boolean) => void>();
  /** Flag usage (usage.ts): evaluations per key and variant, which the event queue reports. */
  const evaluated = new Map<string, Record<string, number>>();
  const version = settings.appId ? SDK_VERSIONS.tab : SDK_VERSIONS.abc;
  const doFetch: typeof fetch = (input, init) => (settings.fetch || globalThis.fetch)(input, init);
  const { storage } = settings;
  const clientKey = typeof settings.clientKey === 'string' ? settings.clientKey : '';
  const server = (settings.apiHost || scriptOrigin).replace(/\/+$/, '');
  const url = (endpoint: string): string => `${server}/sdk/v1/${endpoint}/${encodeURIComponent(clientKey)}`;
  let installing: Promise<void> | undefined;
  /** One attempt: a part that failed to load is reported once, and the conditions that need it stay false. */
  const installOptionalOperators = (): Promise<void> =>
    (installing ||= loadPart('operators').then(installOperators, report));
  /** Spec §3 storage: `tabula:<name>`, each record in the envelope. */
  const store = <T>(name: string, parse: (data: unknown) => T | undefined) =>
    createStore<T>({ key: `tabula:${name}`, version: 1, parse, storage });
  const cache = store<CachedPayload>(`payload:${clientKey}`, (data) =>
    isObject(data) && isPayload(data.payload) && typeof data.etag === 'string' ? (data as never) : undefined,
  );
  const state = store<RememberedState>(`state:${clientKey}`, (data) =>
    isObject(data) && isObject(data.sticky) && Array.isArray(data.exposed) ? (data as never) : undefined,
  );
  const queueEvent = (event: NewEvent): void =>
    background.enqueue({ ...event, id: uuid(), at: Date.now() } as SdkEvent);

  /** Read-modify-write so that tabs sharing storage add to one another's memory instead of overwriting it. */
  const remember = (change: (state: RememberedState) => void): void => {
    const stored = state.read() || { sticky: {}, exposed: [] };
    for (const target of [stored, remembered]) {
      change(target);
      const dropped = target.exposed.splice(0, target.exposed.length - MAX_REMEMBERED);
      if (FAST_PATHS && target === remembered) for (const mark of dropped) exposed.delete(mark);
      const keys = Object.keys(target.sticky);
      for (const key of keys.slice(0, keys.length - MAX_REMEMBERED)) delete target.sticky[key];
    }
    state.write(stored);
  };

  // A new phase may move the unit to another version, which is a new exposure: the version is part of the mark.
  // The unit's attributes travel with the exposure (the queue keeps their scalars): results break down by them.
  const expose = (
    experiment: string,
    version: string,
    unitId: string,
    unit?: Attributes,
    loggedByServer?: boolean,
  ): void => {
    const mark = `${experiment}|${version}|${unitId}`;
    if (FAST_PATHS ? exposed.has(mark) : remembered.exposed.includes(mark)) return;
    if (FAST_PATHS) exposed.add(mark);
    remember((target) => {
      target.exposed.push(mark);
    });
    if (!loggedByServer) queueEvent({ type: 'exposure', unitId, experiment, version, attributes: unit as never });
  };

  const forced = forcedVersions(settings);
  const evaluation: EvaluationOptions = {
    forcedVersions: forced,
    onError: report,
    // The holdout's exposures, heard as experiments and flags it covers are evaluated.
    expose,
    sticky: {
      get: (experiment, unit) => remembered.sticky[`${experiment}|${unit}`],
      set(experiment, unit, value) {
        remember((target) => {
          target.sticky[`${experiment}|${unit}`] = value;
        });
      },
    },
  };

  /** A listener that throws is reported; the others still hear, and the client goes on. */
  const notify = <A extends unknown[]>(heard: Set<(...args: A) => void>, ...args: A): void => {
    for (const listener of heard) {
      try {
        listener(...args);
      } catch (error) {
        report(error);
      }
    }
  };

  const serve = (next: SdkPayload, ready: CompiledPayload, fresh?: boolean): void => {
    const previous = served;
    compiled = ready;
    served = next;
    visual?.update();
    const project = settings.appId || settings.projectId;
    if (project && next.projectId !== project) {
      report(new Error(explain(Problem.WrongProject, clientKey, next.projectId, project)));
    }
    for (const resolve of waiting) resolve(true);
    waiting.clear();
    if (fresh) notify(listeners, next, previous);
  };

  /**
   * A payload is served once it is decrypted (an encrypted one) and the optional operators its conditions name (or the
   * holdout check and prerequisites its experiments and flags carry, which come with them) are installed: at once when
   * neither is needed. Until then the payload served before (or none: defaults, PROVIDER_NOT_READY) answers, so no condition is ever evaluated without its operator; a payload that arrived later
   * and is served first wins. When the operators' part fails to load, that is reported and the payload served anyway,
   * those conditions false (and reported) as an unknown operator's are. A payload that cannot be decrypted is reported,
   * neither served nor stored: the one before goes on, on this visit and the next.
   */
  const receive = async (next: Received, validator: string | null, fresh = true): Promise<void> => {
    // A payload the server sends again (a stream reopened, a poll whose ETag CORS hides) changes nothing.
    if (latest?.revision === next.revision) return;
    const arrival = ++arrivals;
    latest = next;
    // Stream payloads and responses whose ETag is hidden by CORS still revalidate: the ETag is the quoted revision.
    const tag = validator || `"${next.revision}"`;
    etag = tag;
    try {
      const open = 'encrypted' in next ? await (await loadPart('decrypt')).decrypt(next, settings) : next;
      let candidate = compilePayload(open);
      if (candidate.needs) {
        await installOptionalOperators();
        candidate = compilePayload(open);
      }
      if (arrival < servedArrival) return;
      servedArrival = arrival;
      serve(open, candidate, fresh);
      // As received: an encrypted payload is stored encrypted.
      if (fresh) cache.write({ payload: next, etag: tag });
    } catch (error) {
      report(error);
    }
  };

  const getFlagDetails = <T>(key: string, value: T, given?: Attributes): TypedFlagDetails<Widen<T>> => {
    const fail = (errorCode: EvaluationErrorCode) =>
      ({ ...errorResult(key, errorCode), value }) as TypedFlagDetails<Widen<T>>;
    try {
      if (!compiled) return fail('PROVIDER_NOT_READY');
      const flag = compiled.flags.get(key);
      const unit = isObject(given) ? given : attributes;
      const { exposure, ...result } = flag ? flag(unit, evaluation) : missingFlag(compiled, key, evaluation);
      // Keys the payload does not hold count too: the server lists them as unknown flags, so typos surface.
      const counts = evaluated.get(key) || {};
      const variant = result.variant || '';
      counts[variant] = (counts[variant] || 0) + 1;
      evaluated.set(key, counts);
      // An error, or no variant (the flag defers to the caller's own default): the caller's default value.
      if (result.errorCode || result.variant === null) return { ...result, value } as TypedFlagDetails<Widen<T>>;
      if (kind(result.value) !== kind(value)) return fail('TYPE_MISMATCH');
      if (exposure) expose(exposure.experiment, exposure.version, exposure.unit, unit);
      return result as TypedFlagDetails<Widen<T>>;
    } catch (error) {
      report(error);
      return fail('GENERAL');
    }
  };
  const getFlag = <T>(key: string, fallback: T, evaluated?: Attributes): Widen<T> =>
    getFlagDetails(key, fallback, evaluated).value;

  /** Never throws: a failure is reported and the unit is in no version. */
  const experiment = (key: string, given?: Attributes, log = true): ExperimentResult | null => {
    try {
      const unit = isObject(given) ? given : attributes;
      const assignment = compiled && evaluateExperiment(compiled, key, unit, evaluation);
      if (!assignment) return null;
      if (log && assignment.unit) expose(key, assignment.version, assignment.unit, unit);
      return { version: assignment.version, params: assignment.params };
    } catch (error) {
      report(error);
      return null;
    }
  };

  const track = (event: string, value?: number, properties?: Record<string, unknown>, given?: Attributes): void => {
    const unit = isObject(given) ? given : attributes;
    try {
      queueEvent({
        type: 'track',
        unitId: String(unit.id),
        event: String(event),
        value: Number.isFinite(value) ? value : undefined,
        // As given: the queue copies them, and keeps the scalar attributes (events.ts).
        properties: properties as never,
        attributes: unit as never,
      });
    } catch (error) {
      report(error);
    }
  };

  const host: BackgroundHost = {
    settings,
    url,
    fetch: doFetch,
    report,
    version,
    evaluated,
    queueStore: (parse) => store(`events:${clientKey}`, parse),
    request: () => doFetch(url('payload'), etag ? { headers: { 'if-none-match': etag } } : {}),
    receive,
    answered(status) {
      answer = status;
      notify(answerListeners, status);
    },
    load: loadPart,
    forced,
    expose,
    local: experiment,
  };
  const background = startBackground(host);

  try {
    const visitor = store<string>('visitor', (data) => (typeof data === 'string' && data ? data : undefined));
    let unit = settings.userId || settings.unitId || visitor.read();
    if (!unit) {
      unit = uuid();
      visitor.write(unit);
    }
    attributes = { id: unit, ...settings.attributes };
    remembered = state.read() || remembered;
    if (FAST_PATHS) exposed = new Set(remembered.exposed);

    const cached = cache.read();
    const bootstrap = isPayload(settings.payload) ? settings.payload : undefined;
    if (cached && !(bootstrap && bootstrap.generatedAt > cached.payload.generatedAt))
      void receive(cached.payload, cached.etag, false);
    else if (bootstrap) void receive(bootstrap, null, false);

    if (settings.enableUI && typeof document === 'object') {
      visual = startVisual({
        served: () => served,
        versionOf: experiment,
        goal: (event, properties) => track(event, undefined, properties),
        report,
        hideFor: settings.antiFlickerTimeout,
        server,
        flush: () => background.flush(),
      });
    }
  } catch (error) {
    report(error);
  }

  return {
    version,
    // Read before any setAttributes: the id the client started with.
    visitorId: attributes.id,
    enableUI: !!settings.enableUI,
    ready() {
      if (compiled || destroyed) return Promise.resolve(!!compiled);
      return new Promise((resolve) => {
        waiting.add(resolve);
        later(() => {
          waiting.delete(resolve);
          resolve(!!compiled);
        }, settings.readyTimeout || READY_TIMEOUT_MS);
      });
    },
    isOn: (key, evaluated) => getFlag(key, false, evaluated),
    getFlag,
    getFlagDetails,
    getExperiment: (key, evaluated) => experiment(key, evaluated),
    fetchExperiment(key) {
      const given = attributes;
      return loadPart('online')
        .then((part) => part.fetchExperiment(host, key, given, compiled))
        .catch((error) => {
          report(error);
          // Offline, the local evaluation answers; it logs the exposure the server could not.
          return experiment(key, given, !!settings.autoExposure);
        });
    },
    track,
    setAttributes(next) {
      attributes = { id: attributes.id, ...(isObject(next) ? next : {}) };
      // The new attributes may put the unit in other versions, or in none.
      visual?.update();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onAnswer(listener) {
      answerListeners.add(listener);
      listener(answer);
      return () => void answerListeners.delete(listener);
    },
    flush: () => background.flush(),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      visual?.stop();
      visual = undefined;
      background.stop();
      listeners.clear();
      for (const resolve of waiting) resolve(!!compiled);
    },
  };
}
