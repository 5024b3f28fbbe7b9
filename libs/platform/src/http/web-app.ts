import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

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
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function securityHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', WEB_CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/**
 * Serves the built explorer (`dist/web`, from `npm run build`) for GET and HEAD outside the API's paths: a file of
 * the build when one matches, else the app's page (its client-side routes), with the edition written into it.
 * Everything else goes on (the API, or onlyServedPaths' JSON 404): API paths, other methods, a missing build.
 */
export function webApp(options: { dir: string; edition: string }): RequestHandler {
  const assets = express.static(options.dir, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders: (res, path) => {
      securityHeaders(res);
      // Vite names built files by their content hash: cache them for good.
      if (path.includes(`${join(options.dir, 'assets')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  let page: string | null = null;
  const indexPage = (): string | null => {
    if (page !== null) return page;
    const file = join(options.dir, 'index.html');
    if (!existsSync(file)) return null;
    page = readFileSync(file, 'utf8').replace(
      /<meta name="pathwarden-edition" content="[a-z]*"/,
      `<meta name="pathwarden-edition" content="${options.edition === 'community' ? 'community' : 'enterprise'}"`,
    );
    return page;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (API_PATHS.test(req.path)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    assets(req, res, () => {
      const html = indexPage();
      // A path that looks like a file (an old asset name) is a 404, not the app's page.
      if (html === null || req.path.startsWith('/assets/')) return next();
      securityHeaders(res);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    });
  };
}
