/**
 * The HTML report in a real browser: headless Chromium (Debian's `chromium`, installed by .ci/run)
 * driven by playwright-core opens the page `tdd report --html` writes for a history made through
 * the real hooks, and checks each task's timeline, the labels, the script and the silence of the
 * console and the network. Skipped, with the reason, where Chromium or playwright-core is missing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reportCommand from '../../src/cli/commands/report.js';
import type { Repo } from '../helpers/repo.js';
import { EXPECTED_LIGHTS, HOSTILE_SUBJECT, makeReportRepo } from '../integration/report/scenario.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Playwright = typeof import('playwright-core');
type Browser = Awaited<ReturnType<Playwright['chromium']['launch']>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;

let skipReason: string | undefined = existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is absent (apt-get install chromium; .ci/run installs it)`;
let playwright: Playwright | undefined;
if (!skipReason) {
  try {
    playwright = await import('playwright-core');
  } catch {
    skipReason = 'playwright-core is not installed (it is a devDependency: npm ci)';
  }
}

let repo: Repo | undefined;
let browser: Browser | undefined;
let page: Page;
const page404: string[] = [];
const problems: string[] = [];
const requests: string[] = [];
let dir: string;
let url: string;

beforeAll(async () => {
  if (skipReason || !playwright) return;
  repo = makeReportRepo();
  dir = mkdtempSync(join(tmpdir(), 'tdd-report-html-'));
  const file = join(dir, 'report.html');
  const r = await reportCommand.run({ argv: ['--all', '--html', '--out', file], cwd: repo.dir, env: repo.env, json: false, color: false });
  expect(r.exitCode).toBe(0);
  url = pathToFileURL(file).href;
  browser = await playwright.chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  page = await browser.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (q) => requests.push(q.url()));
  page.on('requestfailed', (q) => page404.push(q.url()));
  await page.goto(url, { waitUntil: 'load' });
});

afterAll(async () => {
  await browser?.close();
  repo?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the HTML report in headless Chromium', () => {
  it('renders each task with the right lights, in order', async (ctx) => {
    // In CI (.ci/run installs Chromium) a missing browser is a failure, not a skip.
    if (skipReason && process.env.CI) throw new Error(skipReason);
    if (skipReason) ctx.skip(skipReason);
    const tasks = await page.$$eval('article.task', (articles) =>
      articles.map((a) => ({
        task: a.getAttribute('data-task'),
        kinds: [...a.querySelectorAll('ol.lights > li')].map((li) => li.getAttribute('data-kind')),
        visible: [...a.querySelectorAll('ol.lights a.light')].filter((l) => (l as HTMLElement).offsetWidth > 0).length,
      })),
    );
    expect(tasks.map((t) => [t.task === '' ? null : t.task, t.kinds])).toEqual(EXPECTED_LIGHTS);
    for (const t of tasks) expect(t.visible).toBe(t.kinds.length);
  });

  it('gives every light a text label, and shows a legend', async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    const labels = await page.$$eval('ol.lights a.light', (ls) => ls.map((l) => l.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBe(EXPECTED_LIGHTS.reduce((n, [, ks]) => n + ks.length, 0));
    for (const label of labels) expect(label).toMatch(/^\d+\. (RED|GREEN|REFACTOR|off|refused|could not verify)/);
    expect(labels.some((l) => l.includes('TESTS_CHANGED'))).toBe(true);
    const legend = await page.locator('section.legend').innerText();
    for (const word of ['RED', 'GREEN', 'REFACTOR', 'refused', 'off']) expect(legend).toContain(word);
  });

  it('keeps a hostile commit subject as text', async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    await page.locator('#toggle-all').click();
    await expect.poll(() => page.locator('td.subject', { hasText: '<script>' }).first().innerText()).toBe(HOSTILE_SUBJECT);
  });

  it('opens the step a light links to', async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    await page.goto(url, { waitUntil: 'load' });
    const light = page.locator('article.task[data-task="T1"] ol.lights a.light').nth(1);
    await light.click();
    const row = page.locator('article.task[data-task="T1"] tr:target');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.isVisible()).toBe(true);
    expect(await row.innerText()).toContain('TESTS_CHANGED');
  });

  it.for([
    ['phone', 375, 812],
    ['desktop', 1280, 900],
  ] as const)('reads on a %s (%i px): no sideways scroll, the bypass banner first, every task titled', async ([name, width, height], ctx) => {
    if (skipReason) ctx.skip(skipReason);
    await page.setViewportSize({ width, height });
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('#toggle-all').click();
    const layout = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      // Where they are on the page (not on the screen, which the click scrolled).
      banner: (document.querySelector('.banner--bypass')?.getBoundingClientRect().top ?? -Infinity) + window.scrollY,
      summary: (document.querySelector('#summary')?.getBoundingClientRect().top ?? -Infinity) + window.scrollY,
      headings: [...document.querySelectorAll('article.task h2')].map((h) => h.textContent),
    }));
    expect(layout.overflow).toBeLessThanOrEqual(0);
    expect(layout.banner).toBeGreaterThanOrEqual(0);
    expect(layout.banner).toBeLessThan(Math.min(layout.summary, height));
    expect(layout.headings).toEqual(['(no task)', 'task T1 — add two numbers', 'task T2 — multiply']);
    // The refused row names the file and says why.
    const refused = await page.locator('article.task[data-task="T1"] tbody tr').nth(1).innerText();
    expect(refused).toContain('TESTS_CHANGED test/add.test.js');
    // docs/report-phone.png and docs/report-desktop.png: TDD_REPORT_SCREENSHOTS=docs npx vitest run test/e2e/report-browser.test.ts
    if (process.env.TDD_REPORT_SCREENSHOTS) await page.screenshot({ path: join(process.env.TDD_REPORT_SCREENSHOTS, `report-${name}.png`), fullPage: true });
  });

  it('logs no console error and fetches nothing but itself', async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    // To look at the page: TDD_REPORT_SCREENSHOT=/tmp/report.png npx vitest run test/e2e/report-browser.test.ts
    if (process.env.TDD_REPORT_SCREENSHOT) await page.screenshot({ path: process.env.TDD_REPORT_SCREENSHOT, fullPage: true });
    expect(problems).toEqual([]);
    expect(page404).toEqual([]);
    expect(new Set(requests)).toEqual(new Set([url]));
  });
});
