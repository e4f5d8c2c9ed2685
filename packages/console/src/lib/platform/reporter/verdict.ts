/** How a watched call ended, by the rules of spec §7. */
export type CallVerdict = 'success' | 'not-an-error' | 'error';

export interface FinishedCall {
  path: string;
  /** 0 when no response arrived. */
  status: number;
  body: string;
}

const TOKEN_EXCHANGE = /\/auth\/auth0token$/;
const SUCCESS_STATUSES = ['success', 'info'];
/** Words a result envelope's `status` carries; a resource's own status (running, active, ok) is not one of them. */
const RESULT_STATUSES = [...SUCCESS_STATUSES, 'warning', 'warn', 'error', 'fail', 'failed', 'failure'];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Spec §7: a 2xx body succeeds when it is empty, its status is success or info, or its code is 0. Our own API
 * answers failures with a non-2xx status and plain resources otherwise, so a body with no result envelope — no
 * result status, no numeric code — is a success too.
 */
function bodySucceeded(text: string): boolean {
  if (text.trim() === '') return true;
  const body = parseJson(text);
  if (!isRecord(body)) return true;
  if (SUCCESS_STATUSES.includes(body.status as string) || body.code === 0) return true;
  const isEnvelope = RESULT_STATUSES.includes(body.status as string) || typeof body.code === 'number';
  return !isEnvelope;
}

export function judgeCall(call: FinishedCall): CallVerdict {
  // Spec §7: a 401 is not an error, whatever was called — the session simply ended.
  if (call.status === 401) return 'not-an-error';
  if (TOKEN_EXCHANGE.test(call.path)) {
    const body = parseJson(call.body);
    return isRecord(body) && typeof body.token === 'string' && body.token !== '' ? 'success' : 'error';
  }
  if (call.status < 200 || call.status >= 300) return 'error';
  return bodySucceeded(call.body) ? 'success' : 'error';
}
