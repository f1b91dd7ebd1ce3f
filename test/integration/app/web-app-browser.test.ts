import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  newestShipment,
  startTracking,
  type TrackingHarness,
  trackBillOfLading,
} from '../tracking/tracking-harness.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing: CI must install Debian chromium`);
  console.warn(
    `\n!!! ${CHROMIUM} is missing: the web app's browser tests are SKIPPED (apt-get install chromium) !!!\n`,
  );
}

let h: TrackingHarness;
let browser: Browser;
let shots: string;
let shipmentId = '';
let containerIds: string[] = [];
let containerNumbers: string[] = [];

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer): { width: number; height: number } => {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

const signIn = async (page: Page, key = h.apiKey) => {
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

describe.skipIf(!haveChromium)('the web app in Debian chromium', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    h = await startTracking();
    await trackBillOfLading(h, { request_number: 'MAEU135792468', ref_numbers: ['PO-9001'] }, 14);
    ({ id: shipmentId, containerIds, containerNumbers } = await newestShipment(h));
    shots = await mkdtemp(join(tmpdir(), 'stevedore-shots-'));
    // launch() gives chromium a fresh temporary profile (user data dir) of its own and removes it on close.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    if (shots !== undefined) await rm(shots, { recursive: true, force: true });
  });

  test('a deep link signs in first, then lands on the container (step 1); sign-out ends the session', async () => {
    const number = containerNumbers.at(-1) ?? '';
    await page.goto(
      `${h.origin}/shipments/find?q=${encodeURIComponent(`${number.slice(0, 4).toLowerCase()} ${number.slice(4)}`)}`,
    );
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
    await signIn(page, 'svc_not-a-key');
    expect(await page.getByRole('alert').textContent()).toContain('not valid');
    await signIn(page);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/shipments/${shipmentId}`);
    expect(url.searchParams.get('container')).toBe(containerIds.at(-1));
    expect(await page.locator('tr.selected th').textContent()).toContain(number);

    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.goto(`${h.origin}/shipments`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/shipments');
  });

  test('each resolution step from the search box', async () => {
    const find = async (q: string) => {
      await page.goto(`${h.origin}/shipments`);
      await page.getByLabel(/Find a container/).fill(q);
      await page.getByRole('button', { name: 'Find' }).click();
      return new URL(page.url());
    };
    const step1 = await find(containerNumbers[0] ?? '');
    expect(step1.pathname + step1.search).toBe(`/shipments/${shipmentId}?container=${containerIds[0]}`);
    const step2 = await find('po-9001');
    expect(step2.pathname + step2.search).toBe(`/shipments/${shipmentId}`);
    const step3 = await find((containerNumbers[0] ?? '').slice(3, 10));
    expect(step3.searchParams.get('container')).toBe(containerIds[0]);
    const step4 = await find('3579246');
    expect(step4.pathname).toBe(`/shipments/${shipmentId}`);
    const step5 = await find('no such thing');
    expect(step5.pathname).toBe('/shipments');
    expect(await page.getByLabel(/Find a container/).inputValue()).toBe('no such thing');
    expect(await page.getByRole('status').textContent()).toContain('no such thing');
  });

  test('keyboard: the skip link comes first, then the search box is reachable by Tab', async () => {
    await page.goto(`${h.origin}/shipments`);
    await page.keyboard.press('Tab');
    // Expressions run in the page, written as strings: the project compiles without the DOM library.
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Skip to content');
    let reached = false;
    for (let presses = 0; presses < 10 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate("document.activeElement?.id === 'q'")) === true;
    }
    expect(reached).toBe(true);
    const outline = await page.evaluate('getComputedStyle(document.activeElement).outlineStyle');
    expect(outline).not.toBe('none');
    await page.keyboard.type('PO-9001');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/shipments/${shipmentId}`);
  });

  test('screenshots of the list and the shipment page show the expected elements', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${h.origin}/shipments`);
    expect(await page.locator('#shipments').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'MAEU135792468' }).isVisible()).toBe(true);
    expect(await page.getByRole('searchbox').isVisible()).toBe(true);
    const listShot = join(shots, 'shipments.png');
    await page.screenshot({ path: listShot, fullPage: true });

    await page.goto(`${h.origin}/shipments/${shipmentId}`);
    const map = page.getByRole('img', { name: /Route of shipment MAEU135792468/ });
    expect(await map.isVisible()).toBe(true);
    const box = await map.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(600);
    expect(box?.height ?? 0).toBeGreaterThan(200);
    expect(await page.locator('#route-map .port text').allTextContents()).toEqual(
      expect.arrayContaining(['POL', 'POD']),
    );
    expect(await page.locator('#route-map .land').getAttribute('d')).toMatch(/^M/);
    expect(await page.locator('#containers').isVisible()).toBe(true);
    expect(await page.locator('#events tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('#container-facts').isVisible()).toBe(true);
    const headings = await page
      .locator('h1, h2, h3')
      .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])));
    expect(headings[0]).toBe(1);
    for (const [index, level] of headings.entries())
      if (index > 0) expect(level - (headings[index - 1] ?? 1)).toBeLessThanOrEqual(1);
    const shipmentShot = join(shots, 'shipment.png');
    await page.screenshot({ path: shipmentShot, fullPage: true });

    for (const [path, minHeight] of [
      [listShot, 300],
      [shipmentShot, 900],
    ] as const) {
      expect((await stat(path)).size).toBeGreaterThan(20_000);
      const { width, height } = pngSize(await readFile(path));
      expect(width).toBe(1280);
      expect(height).toBeGreaterThanOrEqual(minHeight);
    }
  });

  test('a phone viewport: no sideways scrolling of the page, the map fits the screen', async () => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const cookies = await context.cookies();
    await phone.addCookies(cookies);
    const small = await phone.newPage();
    await small.goto(`${h.origin}/shipments/${shipmentId}`);
    const overflow = Number(
      await small.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    );
    expect(overflow).toBeLessThanOrEqual(1);
    const box = await small.getByRole('img', { name: /Route of shipment/ }).boundingBox();
    expect(box?.width ?? 1_000).toBeLessThanOrEqual(375);
    expect(await small.getByRole('searchbox').isVisible()).toBe(true);
    await small.screenshot({ path: join(shots, 'shipment-phone.png'), fullPage: true });
    expect(pngSize(await readFile(join(shots, 'shipment-phone.png'))).width).toBe(375);
    await phone.close();
  });

  test('a signed link opens the page in a fresh browser without the key', async () => {
    const response = await h.api('/v2/app_links', {
      method: 'POST',
      json: { path: `/shipments/find?q=PO-9001` },
    });
    const { url } = (await response.json()) as { url: string };
    const fresh = await browser.newContext();
    const tab = await fresh.newPage();
    await tab.goto(url);
    expect(new URL(tab.url()).pathname).toBe(`/shipments/${shipmentId}`);
    await fresh.close();
  });
});
