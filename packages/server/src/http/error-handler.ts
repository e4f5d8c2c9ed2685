import type { ErrorBody, ErrorCode, FieldIssue } from '@tabula/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError, STATUS_BY_CODE } from './app-error';

/** How long a client waits before sending again what the server could not take (503). */
export const RETRY_AFTER_SECONDS = 5;

type ZodValidationError = Parameters<typeof hasZodFastifySchemaValidationErrors>[0] & {
  validation: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[];
  validationContext?: string;
};

/** Zod issues become one entry per field, named as the client sent it (`email`, `items.0.name`). */
export function fieldIssues(validation: ZodValidationError['validation']): FieldIssue[] {
  return validation.flatMap((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      return issue.params.keys.map((key) => ({
        path: path ? `${path}.${key}` : String(key),
        message: 'Unknown field',
      }));
    }
    return [{ path, message: issue.message ?? 'Invalid value' }];
  });
}

/** The error of a request that failed validation, its message naming the first field at fault. */
export function validationFailed(details: FieldIssue[]): AppError {
  const first = details[0];
  const where = first?.path ? `${first.path}: ` : '';
  return new AppError('validation_failed', `Invalid request: ${where}${first?.message ?? 'invalid value'}`, details);
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  const body = (code: ErrorCode, message: string, details?: unknown) => ({
    status: STATUS_BY_CODE[code],
    body: { error: details === undefined ? { code, message } : { code, message, details } },
  });
  if (error instanceof AppError) return body(error.code, error.message, error.details);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const failed = validationFailed(fieldIssues((error as ZodValidationError).validation));
    return body(failed.code, failed.message, failed.details);
  }
  if (isUniqueViolation(error)) return body('conflict', 'This already exists');
  if (isDatabaseUnavailable(error)) {
    return body('unavailable', 'The server cannot reach its database right now; try again shortly');
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return body('bad_request', 'The request body is not valid JSON');
  }
  const code = fastifyError.statusCode ? CODE_BY_STATUS[fastifyError.statusCode] : undefined;
  if (code) return { status: fastifyError.statusCode!, body: body(code, fastifyError.message ?? code).body };
  return body('internal', 'Something went wrong on our side; it has been logged');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // SDKs keep what a 503 refused and send it again after this; the console waits as long before retrying.
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.status(status).send(body);
  });
}

export function notFoundBody(request: FastifyRequest): ErrorBody {
  return { error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } };
}
