import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { launchBrowser, openPage, serveTestApp, takeProblems, type RecordedPage, type ServedApp } from '../support/browser.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';
import { chooseFromTypeAhead, eventually, openTab, rendererView, signIn, waitForExplore, waitForNodePanel, WAIT_MS } from './ui.js';

// The globals of the page, for the callbacks run there by page.evaluate (the tests' tsconfig has no DOM library).
declare const window: any, document: any, sessionStorage: any, localStorage: any;

/**
 * Names and properties come from collected data, so they are attacker-controlled: nodes named as HTML are searched,
 * opened and drawn, and nothing of them runs or becomes markup. The served page's Content-Security-Policy is
 * present and enforced, and the session token lives in sessionStorage only, never in a URL, localStorage or a cookie.
 */
const TEST_MS = 180_000;
const IMG_NAME = '<img src=x onerror=window.__xss=1>';
const SCRIPT_NAME = '<script>window.__xss=2</script>';
const IMG_PROPERTY = '<img src=x onerror=window.__xss=3>';
const SCRIPT_PROPERTY = '<script>window.__xss=4</script>';
const DOMAIN = 'S-1-5-21-1111-2222-3333';

describe('the explorer and hostile data', () => {
  let browser: Browser;
  let served: ServedApp;
  let rec: RecordedPage;

  beforeAll(async () => {
    served = await serveTestApp();
    await seedGraph(served.t.app.get(GraphStore), {
      nodes: [
        {
          objectid: `${DOMAIN}-1001`, kinds: ['Base', 'User'],
          properties: { name: IMG_NAME, description: IMG_PROPERTY, title: SCRIPT_PROPERTY, enabled: true },
        },
        { objectid: `${DOMAIN}-2001`, kinds: ['Base', 'Group'], properties: { name: SCRIPT_NAME, description: SCRIPT_PROPERTY } },
      ],
      edges: [{ from: `${DOMAIN}-1001`, to: `${DOMAIN}-2001`, kind: 'MemberOf' }],
    });
    browser = await launchBrowser();
    rec = await openPage(browser, served.origin);
  }, 120_000);

  afterAll(async () => {
    await rec?.close();
    await browser?.close();
    await served?.close();
  });

  /** Nothing from the data ran or became an element; every script on the page is a built file. */
  async function expectNothingRan(): Promise<void> {
    const { page } = rec;
    const state = await page.evaluate(() => ({
      xss: window.__xss,
      images: document.querySelectorAll('img[src="x"], img[onerror]').length,
      scripts: [...document.querySelectorAll('script')].map((s: { src: string; textContent: string }) => s.src || `inline: ${s.textContent}`),
      handlers: [...document.querySelectorAll('*')].filter((e: { getAttributeNames(): string[] }) => e.getAttributeNames().some((a) => a.startsWith('on'))).length,
    }));
    expect(state.xss).toBeUndefined();
    expect(state.images).toBe(0);
    expect(state.handlers).toBe(0);
    for (const script of state.scripts) expect(script).toMatch(new RegExp(`^${served.origin}/assets/[^/]+\\.js$`));
  }

  it('serves the page with a Content-Security-Policy that the browser enforces', async () => {
    const { page } = rec;
    const response = await page.goto(`${served.origin}/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    await page.getByLabel('User name', { exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });

    // An inline script added to the page is refused, and the refusal is reported as a violation. (eval cannot be
    // tried this way: the DevTools protocol's evaluation is exempt from 'unsafe-eval'; the header above lacks it.)
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.id = 'inline-attempt';
      script.textContent = 'window.__inline = 1';
      document.body.append(script);
    });
    await eventually('the violation reported', () => {
      if (rec.cspViolations.length < 1) throw new Error('no securitypolicyviolation event');
    }, 30_000);
    expect(await page.evaluate(() => window.__inline)).toBeUndefined();
    expect(rec.cspViolations.every((v) => v.startsWith('script-src'))).toBe(true);
    await page.evaluate(() => document.getElementById('inline-attempt').remove());
    // Those were provoked; nothing else went wrong.
    const rest = takeProblems(rec).filter((p) => !/CSP violation: script-src|Content Security Policy/.test(p));
    rec.cspViolations.splice(0);
    expect(rest).toEqual([]);
  }, TEST_MS);

  it('keeps the session token in sessionStorage, out of every URL, localStorage and cookies', async () => {
    const { page, context } = rec;
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await waitForExplore(page);
    const storage = await page.evaluate(() => ({
      session: Object.fromEntries(Object.keys(sessionStorage).map((k: string) => [k, sessionStorage.getItem(k)])),
      local: Object.fromEntries(Object.keys(localStorage).map((k: string) => [k, localStorage.getItem(k)])),
      cookie: document.cookie,
    }));
    const token = (JSON.parse(storage.session['pathwarden.session'] ?? '{}') as { token?: string }).token ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(JSON.stringify(storage.local)).not.toContain(token);
    expect(storage.cookie).not.toContain(token);
    expect(JSON.stringify(await context.cookies())).not.toContain(token);
    // No request made while signed in carries the token in its URL (the last test checks again).
    await page.getByRole('link', { name: 'File ingest', exact: true }).click();
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    await waitForExplore(page);
    expect(rec.requests.length).toBeGreaterThan(0);
    expect(rec.requests.filter((url) => url.includes(token) || url.includes(encodeURIComponent(token)))).toEqual([]);
    expect(takeProblems(rec)).toEqual([]);
  }, TEST_MS);

  it.each([IMG_NAME, SCRIPT_NAME])('searches %s and opens its panel as text', async (name) => {
    const { page } = rec;
    await openTab(page, 'Search');
    await chooseFromTypeAhead(page, 'Search nodes', name);
    await waitForNodePanel(page, name);
    const panel = page.getByRole('complementary', { name: 'Node details' });
    const property = name === IMG_NAME ? IMG_PROPERTY : SCRIPT_PROPERTY;
    await panel.getByText(property).first().waitFor({ state: 'visible', timeout: WAIT_MS });
    await expectNothingRan();
    expect(takeProblems(rec)).toEqual([]);
  }, TEST_MS);

  it('draws the hostile nodes in the graph with their names as labels, and nothing runs', async () => {
    const { page } = rec;
    await openTab(page, 'Cypher');
    await page.getByLabel('Cypher query', { exact: true }).fill('MATCH p=(:User)-[:MemberOf]->(:Group) RETURN p');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await eventually('both hostile nodes drawn', async () => {
      const view = await rendererView(page);
      const labels = view?.nodes.map((n) => n.label) ?? [];
      if (!labels.includes(IMG_NAME) || !labels.includes(SCRIPT_NAME) || view?.edges.length !== 1) {
        throw new Error(`renderer labels ${JSON.stringify(labels)}, edges ${view?.edges.length}`);
      }
    });
    // Let a frame or two pass: labels and hover layers are drawn by then.
    await page.mouse.move(700, 450);
    await page.waitForTimeout(500);
    await expectNothingRan();
    // The requests of every step carried the token in a header only.
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('pathwarden.session')).token as string);
    expect(rec.requests.filter((url) => url.includes(token))).toEqual([]);
    expect(takeProblems(rec)).toEqual([]);
  }, TEST_MS);
});
