import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DEFAULT_WAIT_SECONDS, runWithRequestContext, type RequestContext } from '../context/request-context.js';
import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';
import { scanJsonText, withWellFormedStrings } from './json-text-scan.js';
import { parsePreferWait } from './prefer.js';

/** Largest JSON body accepted (compat part 1): 10 MiB, 413 above. */
export const JSON_BODY_LIMIT = 10 * 1024 * 1024;

export interface PathwardenRequest extends Request {
  context: RequestContext;
  /** The exact body bytes, kept for request-signature validation. */
  rawBody?: Buffer;
  /** The body was not valid JSON; the route's own message is given once it is known (BodyTypeInterceptor). */
  malformedJson?: boolean;
  /** The body of a raw-body route, streamed to a temp file (removed when the response closes). */
  spooledBody?: SpooledBody;
}

/** A request body written to a temp file with a server-chosen name. */
export interface SpooledBody {
  path: string;
  size: number;
}

/**
 * Routes whose body is a collector file (JSON, zip or gzip, up to INGEST_MAX_UPLOAD_BYTES): streamed to disk by the
 * route (or by the guard, for a signed request), never parsed or buffered in memory. Case-insensitive, as Express
 * routing is: `/api/v2/File-Upload/1` reaches the same handler and must find its body unread.
 */
const RAW_BODY_ROUTES = /^\/api\/v2\/(file-upload\/(?!start\/?$|accepted-types\/?$)[^/]+|ingest)\/?$/i;

/** Saved-query import: raw (a zip) unless the body is JSON, which the JSON parser reads as for any route. */
const ZIP_IMPORT_ROUTE = /^\/api\/v2\/saved-queries\/import\/?$/i;

/**
 * Whether the request is a POST to a raw-body route: its body is streamed to a file, never parsed, and a signed
 * request's signature is checked over it as it streams.
 */
export function isRawBodyRequest(req: Request): boolean {
  if (req.method !== 'POST') return false;
  if (RAW_BODY_ROUTES.test(req.path)) return true;
  return ZIP_IMPORT_ROUTE.test(req.path) && !req.is(['application/json', 'application/*+json']);
}

/** 413 message of a raw body over the upload cap. */
export const uploadTooLarge = (limit: number) => `request body exceeds the upload limit of ${limit} bytes`;

/** Prefix of a spooled body's temp folder (the ingest module sweeps those a crash left behind). */
export const UPLOAD_DIR_PREFIX = 'pathwarden-upload-';

/** 400 message of a request body that broke off or was malformed on the wire. */
export const unreadableBody = 'the request body could not be read';

/**
 * Streams the request body to a temp file, failing with 413 past `limit` bytes; `onChunk` sees every byte (the
 * signature digest). Spooled once per request: a second call answers the same file. The file is removed when the
 * response closes. A request that breaks off answers 400; a filesystem failure (ENOSPC, EACCES, ...) is a server
 * fault, thrown as is: the exception filter logs it and answers a generic 500 (no path in the response).
 */
export async function spoolRequestBody(req: Request, limit: number, onChunk?: (chunk: Buffer) => void): Promise<SpooledBody> {
  const request = req as PathwardenRequest;
  if (request.spooledBody) return request.spooledBody;
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new ApiError(413, [uploadTooLarge(limit)]);
  const dir = await mkdtemp(join(tmpdir(), UPLOAD_DIR_PREFIX));
  req.res?.once('close', () => void rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'body');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) return callback(new ApiError(413, [uploadTooLarge(limit)]));
      onChunk?.(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(req, meter, createWriteStream(path));
  } catch (error) {
    // The rest of the body is discarded, so the 413 still reaches the client.
    req.resume();
    if (error instanceof ApiError || isFileSystemError(error)) throw error;
    throw ApiError.badRequest(unreadableBody);
  }
  request.spooledBody = { path, size };
  return request.spooledBody;
}

/** An error of a filesystem call (it names the call); the request stream's errors (aborted, framing) do not. */
function isFileSystemError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown } | undefined)?.syscall === 'string';
}

/**
 * Assigns the request id and the default deadline, and sets the headers every response carries; never fails, so
 * the request log that follows sees every request. HSTS only on a request that came over TLS: to this server, or
 * to a proxy trusted by TRUST_PROXY that says so in X-Forwarded-Proto (Express's `req.secure`). RFC 6797 §7.2:
 * never over plain HTTP.
 */
export function requestIdentity(req: Request, res: Response, next: NextFunction): void {
  const requestId = randomUUID();
  res.setHeader('RequestID', requestId);
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains; preload');
  (req as PathwardenRequest).context = { requestId, deadline: Date.now() + DEFAULT_WAIT_SECONDS * 1000 };
  next();
}

/** Sets the request's deadline from `Prefer: wait=N` (400 on a malformed header). */
export function preferredWait(req: Request, res: Response, next: NextFunction): void {
  const request = req as PathwardenRequest;
  try {
    const wait = parsePreferWait(req.headers.prefer);
    request.context = { ...request.context, deadline: Date.now() + wait * 1000 };
    if (req.headers.prefer !== undefined) res.setHeader('Preference-Applied', `wait=${wait}`);
    next();
  } catch (error) {
    next(error);
  }
}

const parseJson = express.json({
  limit: JSON_BODY_LIMIT,
  type: ['application/json', 'application/*+json'],
  verify: (req, _res, buffer, encoding) => {
    (req as PathwardenRequest).rawBody = buffer;
    checkJsonText(req as Request, buffer, encoding);
  },
});

/** Requests whose JSON body holds lone surrogate escapes, made well-formed once parsed. */
const bodiesWithLoneSurrogates = new WeakSet<Request>();

/**
 * Checks the body's bytes before JSON.parse sees them, so nothing recurses over a hostile body: a body nested
 * deeper than MAX_JSON_DEPTH is malformed. The bytes must be UTF-8 (RFC 8259), as the reference reads them: the scan
 * is exact only there, and a UTF-16 or UTF-7 text could hide its brackets from it.
 */
function checkJsonText(req: Request, buffer: Buffer, encoding: string): void {
  if (encoding !== 'utf-8') throw Object.assign(new Error('JSON bodies must be UTF-8'), { type: 'charset.unsupported' });
  const scan = scanJsonText(buffer);
  if (scan.tooDeep) throw new Error('JSON body nested too deeply');
  if (scan.unpairedSurrogate) bodiesWithLoneSurrogates.add(req);
}

const SERVED_PATHS = /^\/(api\/v2(\/|$)|api\/version\/?$|health(\/|$))/;

/**
 * Answers paths outside /api/v2 and /health with the JSON 404 (Nest's own not-found handler only covers the
 * global prefix, so Express would answer those with an HTML page).
 */
export function onlyServedPaths(req: Request, _res: Response, next: NextFunction): void {
  next(SERVED_PATHS.test(req.path) ? undefined : ApiError.notFound());
}

/**
 * Parses JSON bodies, turning body-parser failures into the wire's 400/413 errors. Syntax errors (and bodies nested
 * too deeply) are only marked here: the message depends on the route (the cypher endpoint answers `JSON malformed.`),
 * which is known later. Lone surrogates in strings become U+FFFD, as Go's decoder makes them.
 */
export function jsonBody(req: Request, res: Response, next: NextFunction): void {
  if (isRawBodyRequest(req)) return next();
  parseJson(req, res, (error?: unknown) => {
    if (!error) {
      if (bodiesWithLoneSurrogates.has(req)) req.body = withWellFormedStrings(req.body);
      return next();
    }
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
