import {
  type ApiCallReport,
  ID_ALPHABET,
  ID_LENGTH,
  RUM_BODY_EXCERPT_CHARS,
  RUM_PAGE_MAX_CHARS,
} from '@tabula/protocol';

export interface WatchedCall {
  method: string;
  /** Absolute address of the call. */
  url: string;
  /** 0 when no response arrived. */
  status: number;
  body: string;
}

const ID_SEGMENT = new RegExp(`^[${ID_ALPHABET}]{${ID_LENGTH}}$`);
/** Invitation and session tokens: long random segments that would split one call into as many groups. */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{24,}$/;
const METHOD = /^[A-Z]{3,7}$/;

/** `/api/v1/projects/prjDemo234567892/flags?x=1` → `/api/v1/projects/:id/flags`: one call, one group. */
export function callPath(url: string): string {
  const { pathname } = new URL(url, 'http://reporter.invalid');
  return pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) || TOKEN_SEGMENT.test(segment) ? ':id' : segment))
    .join('/')
    .slice(0, RUM_PAGE_MAX_CHARS);
}

/** Spec §7/§9: a failed call is reported with the first 500 characters of its body. */
export function toApiCallReport(call: WatchedCall, page: string): ApiCallReport {
  const method = call.method.toUpperCase();
  return {
    method: METHOD.test(method) ? method : 'GET',
    url: callPath(call.url),
    status: call.status,
    body: call.body.slice(0, RUM_BODY_EXCERPT_CHARS),
    page,
  };
}
