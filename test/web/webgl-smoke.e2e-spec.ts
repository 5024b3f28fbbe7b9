import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, launchBrowser, openPage, serveTestApp, takeProblems, type RecordedPage, type ServedApp } from '../support/browser.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';
import { eventually, rendererView, signIn, waitForExplore, WAIT_MS } from './ui.js';

// The globals of the page, for the callbacks run there by page.evaluate (the tests' tsconfig has no DOM library).
declare const window: any, document: any, HTMLCanvasElement: any;

/**
 * The graph renderer needs WebGL; headless Chromium has it only through SwiftShader (ANGLE). If that cannot start,
 * every graph test would fail obscurely: this one fails first, and says why.
 */
const SWIFTSHADER_HINT = `WebGL is unavailable in headless Chromium (${CHROMIUM}): software WebGL through ANGLE on SwiftShader `
  + `did not start. The browser is launched with ${CHROMIUM_ARGS.filter((a) => /gl|angle|swiftshader/.test(a)).join(' ')}; `
  + 'check that Debian\'s chromium ships libvk_swiftshader / SwiftShader and that --disable-gpu is not passed.';

describe('WebGL smoke test', () => {
  let browser: Browser;
  let served: ServedApp;
  let rec: RecordedPage;

  beforeAll(async () => {
    served = await serveTestApp();
    browser = await launchBrowser();
    rec = await openPage(browser, served.origin);
    // Record every context the page asks a canvas for, and whether it got one.
    await rec.context.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      window.__glContexts = [];
      HTMLCanvasElement.prototype.getContext = function getContext(this: unknown, type: string, ...rest: unknown[]) {
        const context = original.call(this, type, ...rest);
        window.__glContexts.push({ type, ok: context !== null });
        return context;
      };
    });
  }, 120_000);

  afterAll(async () => {
    await rec?.close();
    await browser?.close();
    await served?.close();
  });

  it('has WebGL in the browser (SwiftShader)', async () => {
    const { page } = rec;
    await page.goto(`${served.origin}/`);
    const probe = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
      if (!gl) return null;
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
    });
    if (probe === null) throw new Error(SWIFTSHADER_HINT);
    console.log(`WebGL renderer: ${probe}`);
    expect(takeProblems(rec)).toEqual([]);
  }, 120_000);

  it('starts the graph renderer on a WebGL context, without error', async () => {
    const { page } = rec;
    await page.getByLabel('User name', { exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await waitForExplore(page);
    await page.getByTestId('graph').waitFor({ state: 'visible', timeout: WAIT_MS });
    const view = await eventually('window.__pathwarden.renderer() never appeared', async () => {
      const current = await rendererView(page);
      if (!current) throw new Error('renderer() is null');
      return current;
    });
    if (view.error !== null) throw new Error(`${SWIFTSHADER_HINT}\nThe renderer says: ${view.error}`);
    const failure = page.getByTestId('graph-error');
    if (await failure.count() > 0) throw new Error(`${SWIFTSHADER_HINT}\nThe page shows: ${await failure.innerText()}`);

    const contexts = await page.evaluate(() => ({
      asked: window.__glContexts as { type: string; ok: boolean }[],
      canvases: document.querySelectorAll('[data-testid="graph"] canvas').length,
    }));
    const webgl = contexts.asked.filter((c) => /^(webgl|webgl2|experimental-webgl)$/.test(c.type));
    if (!webgl.some((c) => c.ok)) throw new Error(`${SWIFTSHADER_HINT}\nContexts asked for: ${JSON.stringify(contexts.asked)}`);
    expect(contexts.canvases).toBeGreaterThan(0);
    expect(takeProblems(rec)).toEqual([]);
  }, 180_000);
});
