import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DEFAULT_WAIT_SECONDS, runWithRequestContext, type RequestContext } from '../context/request-context.js';
import { ApiError } from './api-error.js';
import { ErrorMessages } from './error-messages.js';
import { parsePreferWait } from './prefer.js';

/** Largest JSON body accepted (compat part 1): 10 MiB, 413 above. */
export const JSON_BODY_LIMIT = 10 * 1024 * 1024;

export interface PathwardenRequest extends Request {
  context: RequestContext;
  /** The exact body bytes, kept for request-signature validation. */
  rawBody?: Buffer;
  /** The body was not valid JSON; the route's own message is given once it is known (BodyTypeInterceptor). */
  malformedJson?: boolean;
}

/** Assigns the request id and deadline (Prefer: wait=N) and sets the headers every response carries. */
export function requestIdentity(req: Request, res: Response, next: NextFunction): void {
  const requestId = randomUUID();
  res.setHeader('RequestID', requestId);
  res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains; preload');
  (req as PathwardenRequest).context = { requestId, deadline: Date.now() + DEFAULT_WAIT_SECONDS * 1000 };
  try {
    const wait = parsePreferWait(req.headers.prefer);
    (req as PathwardenRequest).context = { requestId, deadline: Date.now() + wait * 1000 };
    if (req.headers.prefer !== undefined) res.setHeader('Preference-Applied', `wait=${wait}`);
    next();
  } catch (error) {
    next(error);
  }
}

const parseJson = express.json({
  limit: JSON_BODY_LIMIT,
  type: ['application/json', 'application/*+json'],
  verify: (req, _res, buffer) => {
    (req as PathwardenRequest).rawBody = buffer;
  },
});

const SERVED_PATHS = /^\/(api\/v2(\/|$)|health(\/|$))/;

/**
 * Answers paths outside /api/v2 and /health with the JSON 404 (Nest's own not-found handler only covers the
 * global prefix, so Express would answer those with an HTML page).
 */
export function onlyServedPaths(req: Request, _res: Response, next: NextFunction): void {
  next(SERVED_PATHS.test(req.path) ? undefined : ApiError.notFound());
}

/**
 * Parses JSON bodies, turning body-parser failures into the wire's 400/413 errors. Syntax errors are only marked
 * here: the message depends on the route (the cypher endpoint answers `JSON malformed.`), which is known later.
 */
export function jsonBody(req: Request, res: Response, next: NextFunction): void {
  parseJson(req, res, (error?: unknown) => {
    if (!error) return next();
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') return next(new ApiError(413, [ErrorMessages.payloadTooLarge]));
    if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
      return next(ApiError.badRequest(ErrorMessages.contentTypeJson));
    }
    (req as PathwardenRequest).malformedJson = true;
    req.body = undefined;
    next();
  });
}

/**
 * Enters the request context for the rest of the pipeline. Registered after body parsing: the body parser
 * resumes on stream events, which would lose an async context entered earlier.
 */
export function enterRequestContext(req: Request, _res: Response, next: NextFunction): void {
  runWithRequestContext((req as PathwardenRequest).context, next);
}
