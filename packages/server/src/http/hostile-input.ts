import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUnstorable, unstorableText } from '../lib/unstorable-text';
import { AppError } from './app-error';
import { toErrorBody } from './error-handler';

/**
 * Deeper than any body the API takes (user JSON inside a rule inside a flag stays far below it). A body nested
 * further is refused before validation walks it recursively.
 */
export const MAX_BODY_DEPTH = 64;

/** Why a parsed JSON value cannot be taken, naming where (`rules.0.values.1`), or null. */
export function unsafeJsonProblem(value: unknown): string | null {
  const found = findUnstorable(value, MAX_BODY_DEPTH);
  if (!found) return null;
  const path = found.path.join('.');
  if (found.at === 'depth') return `The request body is nested more than ${MAX_BODY_DEPTH} levels deep`;
  if (found.at === 'key') return `A field name in the request body (${JSON.stringify(path)}) ${found.problem}`;
  return path === '' ? `The request body ${found.problem}` : `The request body at ${path} ${found.problem}`;
}

type ParserDone = (error: Error | null, body?: unknown) => void;
type BodyParser = (request: FastifyRequest, body: string, done: ParserDone) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks each item of its body on its own and refuses bad ones one by one, keeping the rest (an SDK's
     * event batch: one visitor's odd property must not cost the other events): the body is not refused whole.
     */
    checksItemsItself?: boolean;
  }
}

/**
 * Fastify's JSON parser (which guards against prototype poisoning), refusing what `unsafeJsonProblem` finds, except
 * on routes that check their items themselves.
 */
export function safeJsonParser(app: FastifyInstance): BodyParser {
  const parse = app.getDefaultJsonParser('error', 'ignore') as unknown as BodyParser;
  return (request, body, done) =>
    parse(request, body, (error, value) => {
      if (error) return done(error);
      if (request.routeOptions.config.checksItemsItself) return done(null, value);
      const problem = unsafeJsonProblem(value);
      if (problem) return done(new AppError('bad_request', problem));
      done(null, value);
    });
}

/** Why an address (path and query string) cannot be taken, or null. */
export function unsafeUrlProblem(url: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return 'The address has a malformed %-escape';
  }
  const problem = unstorableText(decoded);
  return problem ? `The address ${problem}` : null;
}

/**
 * Input no route can store is refused at the edge, with the one error shape, before any hook or handler sees it:
 * addresses with NUL or malformed escapes, and JSON bodies with NUL, lone surrogates or absurd nesting.
 */
export function refuseHostileInput(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = unsafeUrlProblem(request.url);
    if (problem) throw new AppError('bad_request', problem);
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, safeJsonParser(app));
}

/**
 * The router refuses some addresses before any hook runs (a malformed %-escape, a path segment past its length
 * limit); they are answered with the one error shape too. Fastify's `frameworkErrors` option.
 */
export function answerRefusedAddress(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const refusal =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('bad_request', 'A part of the address is longer than any name or id can be')
      : new AppError('bad_request', 'The address has a malformed %-escape');
  const { status, body } = toErrorBody(refusal);
  reply.status(status).send(body);
}
