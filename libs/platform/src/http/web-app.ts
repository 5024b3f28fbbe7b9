import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { markRoutePattern } from '../metrics/route-pattern.guard.js';

/** The request metrics' route label of everything the explorer answers (its paths are the client's own). */
export const WEB_ROUTE_LABEL = 'explorer';

/** The API's own paths: /api/** (404 included) and /health answer JSON; every other path serves the explorer. */
const API_PATHS = /^\/(api(\/|$)|health(\/|$))/;

/**
 * The explorer's pages answer with a strict policy: scripts and styles only from this origin (no inline script),
 * never framed. Collected names are attacker-controlled; the app never renders them as HTML, and this is the net.
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const EDITION_META = /<meta name="pathwarden-edition" content="[a-z]*"/;

/**
 * Where `npm run build` puts the explorer: `dist/web` beside the nearest package.json above this file (the sources
 * under jest, `dist/libs/...` in the build), so the service finds it whatever folder it is started from.
 */
export function builtWebDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'dist', 'web');
  }
  return join(process.cwd(), 'dist', 'web');
}

function securityHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', WEB_CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/**
 * Serves the built explorer for GET and HEAD outside the API's paths: a file of the build when one matches, else the
 * app's page (its client-side routes), with the edition written into it. Everything else goes on (the API, or
 * onlyServedPaths' JSON 404): API paths, other methods, unknown files under /assets/, a missing build.
 */
export function webApp(options: { dir: string; edition: string }): RequestHandler {
  const assetsDir = join(options.dir, 'assets') + sep;
  const files = express.static(options.dir, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders: (res, path) => {
      markRoutePattern(res.req, WEB_ROUTE_LABEL);
      securityHeaders(res);
      // Vite names built files by their content hash: cache them for good.
      if (path.startsWith(assetsDir)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const built = join(options.dir, 'index.html');
  // A page without the edition meta would show enterprise pages under EDITION=community: refuse to start on it.
  if (existsSync(built) && !EDITION_META.test(readFileSync(built, 'utf8'))) {
    throw new Error(`${built} has no pathwarden-edition meta: rebuild the explorer (npm run build:web)`);
  }
  let page: string | null = null;
  const indexPage = (): string | null => {
    if (page !== null) return page;
    if (!existsSync(built)) return null;
    const html = readFileSync(built, 'utf8');
    const edition = options.edition === 'community' ? 'community' : 'enterprise';
    page = html.replace(EDITION_META, `<meta name="pathwarden-edition" content="${edition}"`);
    return page;
  };
  const sendPage = (req: Request, res: Response, next: NextFunction, html: string | null) => {
    if (html === null) return next();
    markRoutePattern(req, WEB_ROUTE_LABEL);
    securityHeaders(res);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (API_PATHS.test(req.path)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // The page itself always goes through indexPage: the file on disk does not carry this server's edition.
    if (req.path === '/index.html') return sendPage(req, res, next, indexPage());
    files(req, res, () => {
      // A missing built file (an old asset name) is a 404, not the app's page.
      if (req.path.startsWith('/assets/')) return next();
      sendPage(req, res, next, indexPage());
    });
  };
}
