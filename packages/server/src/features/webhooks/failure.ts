import {
  WEBHOOK_ALLOW_PRIVATE_SETTING,
  type WebhookDeliveryErrorCode,
  type WebhookDeliveryErrorParams,
} from '@tabula/protocol';
import { PrivateAddressError } from './private-address';

/** Why an attempt failed, as data: the console words it in the reader's language. */
export interface DeliveryFailure {
  code: WebhookDeliveryErrorCode;
  params: WebhookDeliveryErrorParams;
}

/** Enough of a receiver's error answer to tell what went wrong, not a page of HTML. */
export const MAX_DETAIL_LENGTH = 300;

/**
 * Errors of the connection itself rather than of what was sent: the receiver refused or cut it, or its name does not
 * resolve. They say the receiver is down or misconfigured, which a reader tells apart from any other failure.
 */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
]);

/**
 * Node's codes for a certificate TLS refused (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT,
 * UNABLE_TO_VERIFY_LEAF_SIGNATURE, ERR_TLS_CERT_ALTNAME_INVALID…): the receiver answers, but its HTTPS is set up wrong.
 */
const CERTIFICATE_ERROR = /CERT|SELF_SIGNED|UNABLE_TO_(VERIFY|GET_ISSUER)|INVALID_CA/;

export const answeredFailure = (status: number, answer: string): DeliveryFailure => {
  const detail = answer.trim().slice(0, MAX_DETAIL_LENGTH);
  return { code: 'status', params: { status, ...(detail && { detail }) } };
};

export const timeoutFailure = (timeoutMs: number): DeliveryFailure => ({
  code: 'timeout',
  params: { seconds: timeoutMs / 1000 },
});

/** Not an attempt's outcome but the server's: without the secret nothing can be signed. */
export const SECRET_UNREADABLE: DeliveryFailure = { code: 'secret_unreadable', params: {} };

/** What a failed request threw, for a receiver at `host`; the error's own text is kept as it is. */
export function thrownFailure(error: unknown, host: string): DeliveryFailure {
  if (error instanceof PrivateAddressError) {
    return { code: 'private_address', params: { host: error.host, address: error.address } };
  }
  if (!(error instanceof Error)) return { code: 'other', params: { detail: String(error) } };
  const detail = error.message;
  const { code } = error as NodeJS.ErrnoException;
  if (code && CONNECTION_ERRORS.has(code)) return { code: 'connection', params: { host, detail } };
  if (code && CERTIFICATE_ERROR.test(code)) return { code: 'certificate', params: { host, detail } };
  return { code: 'other', params: { detail } };
}

/** The English sentence API clients have always read in a delivery's `error`. */
export function failureSentence({ code, params }: DeliveryFailure): string {
  switch (code) {
    case 'status':
      return `The receiver answered ${params.status}${params.detail ? `: ${params.detail}` : ''}`;
    case 'timeout':
      return `No answer within ${params.seconds} s`;
    case 'private_address': {
      const { host, address } = params;
      return `${host === address ? host : `${host} resolves to ${address}, which`} is on a private network: this server sends webhooks only to public addresses (${WEBHOOK_ALLOW_PRIVATE_SETTING})`;
    }
    case 'secret_unreadable':
      return 'The signing secret could not be read: rotate it';
    case 'connection':
    case 'certificate':
    case 'other':
      return params.detail ?? '';
  }
}
