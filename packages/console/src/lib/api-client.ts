import { CSRF_HEADER, type ErrorCode, errorBodySchema, type FieldIssue, fieldIssueSchema } from '@tabula/protocol';
import { API_PREFIX, AUTH_API_PREFIX } from './env';
import { apiBaseUrl } from './platform/api-base';
import { usePlatformStore } from './platform/platform';
import { noteServerReachable } from './server-reachability';

/** Codes of failures that never reached a well-formed API answer. */
export type ClientErrorCode = 'network_error' | 'invalid_response';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
    /** How long the server asks to wait before trying again (a 429's or 503's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The per-field problems of a 400; anything else in `details` is not about fields. */
  get fieldIssues(): FieldIssue[] {
    if (!Array.isArray(this.details)) return [];
    return this.details.flatMap((issue) => {
      const parsed = fieldIssueSchema.safeParse(issue);
      return parsed.success ? [parsed.data] : [];
    });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * Whether a read of one thing by its address found nothing there: the server answers 404, or 400 when the address
 * cannot name one at all (an id, key or token of the wrong form: mistyped, or a link cut short).
 */
export const isNotFound = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'validation_failed'));

/** Any zod schema fits; the client only needs its parse. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, QueryValue>;
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
}

// The session cookie is HttpOnly; the CSRF token that must accompany it arrives in the Me body and lives here.
let csrfToken: string | null = null;
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Retry-After in seconds; its HTTP-date form is turned into the seconds left until then. */
function retryAfter(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
}

function toApiError(response: Response, body: unknown): ApiError {
  const wait = retryAfter(response);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(response.status, code, message, details, wait);
  }
  const code: ErrorCode = response.status >= 500 ? 'internal' : 'bad_request';
  return new ApiError(response.status, code, response.statusText || `HTTP ${response.status}`, undefined, wait);
}

/** The origin a request went to when it is not the page's own (a configured API host), else null. */
function otherOrigin(url: string): string | null {
  const pageOrigin = globalThis.location?.origin ?? '';
  try {
    const { origin } = new URL(url, pageOrigin || undefined);
    return origin === pageOrigin ? null : origin;
  } catch {
    return null;
  }
}

/** The API host a network failure met, when the console was pointed at one other than its own origin. */
export function unreachableApiHost(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'network_error') return null;
  const details = error.details as { apiHost?: unknown } | undefined;
  return typeof details?.apiHost === 'string' ? details.apiHost : null;
}

/** `baseUrl` is read per request: the developer tool may point the console at another API host. */
export function createApiClient(baseUrl: string | (() => string)) {
  async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    // Fastify refuses an empty body declared as JSON, so the content type goes only with a body.
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;

    let response: Response;
    const url = buildUrl(typeof baseUrl === 'string' ? baseUrl : baseUrl(), path, options.query);
    try {
      response = await fetch(url, {
        method,
        headers,
        // The session cookie goes to the selected API host too, which grants console origins CORS with credentials.
        credentials: 'include',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const apiHost = otherOrigin(url);
      noteServerReachable(false, apiHost);
      throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error), { apiHost });
    }

    noteServerReachable(true);
    const body = await readJson(response);
    if (!response.ok) throw toApiError(response, body);
    if (!options.schema) return body as T;
    try {
      return options.schema.parse(body);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new ApiError(response.status, 'invalid_response', `Unexpected response from ${method} ${path}: ${detail}`);
    }
  }

  return {
    get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, options),
    post: <T>(path: string, options?: RequestOptions<T>) => request<T>('POST', path, options),
    patch: <T>(path: string, options?: RequestOptions<T>) => request<T>('PATCH', path, options),
    put: <T>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
    delete: <T = void>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const selectedHost = (prefix: string) => () =>
  apiBaseUrl(prefix, usePlatformStore.getState().apiHost, globalThis.location?.origin ?? '');

export const api = createApiClient(selectedHost(API_PREFIX));
export const authApi = createApiClient(selectedHost(AUTH_API_PREFIX));

/** Asks whether the server answers at all; what it answers does not matter. */
export const probeServer = () => authApi.get<unknown>('/health');
