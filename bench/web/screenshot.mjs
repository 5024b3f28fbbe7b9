// The README's screenshot of the explorer (docs/explorer.png, 1400x900): the built app on the bundled sample data
// (a fresh database, as bench/web/run.mjs starts it), the pre-built "Shortest paths to Domain Admins" drawn and the
// panel of DOMAIN ADMINS@PHANTOM.CORP open. Usage: node bench/web/screenshot.mjs [--out docs/explorer.png]
// [--dist dist] [--zoom N: wheel steps in on the graph's middle] (build first: npm run build).
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { startWebApp } from './app.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const dist = resolve(args.dist ?? 'dist');
const out = resolve(args.out ?? 'docs/explorer.png');
const QUERY = 'Shortest paths to Domain Admins';
const NODE = 'DOMAIN ADMINS@PHANTOM.CORP';
const WAIT_MS = 120_000;

const app = await startWebApp({ dist, database: 'pathwarden_screenshot_web' });
let browser;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(`${app.origin}/`);
  await page.getByLabel('User name', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(app.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The node's panel first (choosing a search result selects the node), then the query: the panel stays open.
  await page.getByLabel('Search nodes', { exact: true }).fill(NODE);
  await page.getByRole('option').filter({ hasText: NODE }).first().click({ timeout: WAIT_MS });
  await page.getByRole('complementary', { name: 'Node details' }).getByRole('heading', { level: 2, name: NODE })
    .waitFor({ state: 'visible', timeout: WAIT_MS });
  await page.getByRole('tab', { name: 'Cypher', exact: true }).click();
  await page.getByRole('button', { name: QUERY, exact: true }).click();
  await page.waitForFunction(() => (window.__pathwarden.renderer()?.nodes.length ?? 0) > 1, null, { timeout: WAIT_MS });
  await page.getByRole('complementary', { name: 'Node details' }).waitFor({ state: 'visible', timeout: WAIT_MS });
  await page.getByRole('button', { name: 'Zoom to fit', exact: true }).click();
  await page.waitForTimeout(1000);
  // The paths read left to right into Domain Admins: zoom in on the graph's middle so names are legible.
  const box = await page.getByTestId('graph').boundingBox();
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2);
  for (let i = 0; i < Number(args.zoom ?? 0); i++) {
    await page.mouse.wheel(0, -100);
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(800);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: out });
  const view = await page.evaluate(() => window.__pathwarden.renderer());
  console.log(`wrote ${out}: "${QUERY}" (${view.nodes.length} nodes, ${view.edges.length} edges) with the panel of ${NODE}`);
} finally {
  await browser?.close();
  await app.stop();
}
