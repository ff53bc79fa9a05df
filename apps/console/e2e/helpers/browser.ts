// Browser-test harness: Debian's Chromium driven by playwright-core, against a real server serving the built console.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '../../../..');

/** The built console the server serves; the suite builds it before the tests run (`npm test`). */
export const consoleDist = path.join(repositoryRoot, 'apps/console/dist');

/** Where screenshots are kept as test artifacts. */
export const screenshotDir = path.join(repositoryRoot, 'test-artifacts/screenshots');

/** Fails with a clear message when the console has not been built. */
export function requireBuiltConsole(): void {
  if (!fs.existsSync(path.join(consoleDist, 'index.html'))) {
    throw new Error(`the console is not built: run \`npm run build\` first (looked for ${consoleDist}/index.html)`);
  }
}

/** The last API calls of any page that answered 4xx/5xx (kept for failure messages). */
const failedApiCalls: string[] = [];

/** A fresh Chromium profile; close() removes it. */
export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Starts headless Chromium with the flags this closed network needs. */
export async function openBrowser(): Promise<BrowserSession> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // The console turns antd's motion off for reduced-motion users: a click can no longer land on a dialog's mask
    // while the dialog zooms in (it did, on a loaded machine). The looks in the screenshots are the same.
    reducedMotion: 'reduce',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Every message toast the console shows is recorded as it appears: on a loaded machine a 3-second toast can come
  // and go between two polls of a locator, so tests wait on the record instead (see `waitForToast`).
  await context.addInitScript(() => {
    const record: string[] = [];
    // The whole history stays for failure messages; `record` is consumed by the waits.
    const history: string[] = [];
    Object.defineProperty(window, '__turnpikeToasts', { value: record });
    Object.defineProperty(window, '__turnpikeToastHistory', { value: history });
    const keep = (text: string): void => {
      record.push(text);
      history.push(text);
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        // A notice whose text changed in place (a keyed message shown again) counts as shown again.
        const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
        const changed = target?.closest('.ant-message-notice');
        if (changed) keep(changed.textContent ?? '');
        mutation.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          if (node.matches('.ant-message-notice')) keep(node.textContent ?? '');
          else node.querySelectorAll('.ant-message-notice').forEach((notice) => keep(notice.textContent ?? ''));
        });
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // API answers that were not 2xx, for the failure message of a wait that times out.
  context.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/')) {
      failedApiCalls.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
      if (failedApiCalls.length > 20) failedApiCalls.shift();
    }
  });
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The looks every page is captured in. */
export const looks = [
  { theme: 'light', language: 'zh', width: 1280 },
  { theme: 'dark', language: 'zh', width: 1280 },
  { theme: 'light', language: 'en', width: 1280 },
  { theme: 'dark', language: 'en', width: 1280 },
  { theme: 'light', language: 'en', width: 400 },
  { theme: 'dark', language: 'zh', width: 400 },
] as const;

/**
 * Screenshots the page at `url` in every look (theme × language × width) as `<name>-<theme>-<language>-<width>.png`.
 * `ready` waits for what must be visible; the theme and language go through the console's own stored preferences.
 */
export async function captureLooks(page: Page, url: string, name: string, ready: (page: Page) => Promise<unknown>): Promise<string[]> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const files: string[] = [];
  for (const look of looks) {
    await page.setViewportSize({ width: look.width, height: look.width < 600 ? 860 : 800 });
    await page.evaluate(({ theme, language }) => {
      localStorage.setItem('theme-mode', theme);
      localStorage.setItem('i18nextLng', language);
    }, look);
    await page.goto(url);
    await ready(page).catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(screenshotDir, `FAILED-${name}-${look.theme}-${look.language}-${look.width}.png`), fullPage: true });
      throw error;
    });
    await page.waitForTimeout(150);
    const file = path.join(screenshotDir, `${name}-${look.theme}-${look.language}-${look.width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return files;
}

/** Signs in through the login page with the console in English, and waits to leave /login. */
export async function signIn(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.goto(`${base}/login`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Waits until no antd enter or leave animation is running. A click while a dialog zooms in can be measured on the
 * moving button and land on the mask beside it (lost on a confirm dialog, closing a plain one), so tests wait for
 * the motion to end before they click inside a dialog or popover that just opened.
 */
export async function waitForMotion(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('[class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"], [class*="-appear-start"], [class*="-enter-start"]') === null,
    undefined,
    { timeout: 10_000, polling: 50 },
  );
}

/**
 * Waits until a message toast matching `text` has appeared since the last toast this function accepted on the page
 * (each recorded toast satisfies one wait), whether or not it is still on screen.
 */
export async function waitForToast(page: Page, text: string | RegExp, timeoutMs = 30_000): Promise<void> {
  const pattern = typeof text === 'string' ? { source: text, flags: '', literal: true } : { source: text.source, flags: text.flags, literal: false };
  await page.waitForFunction(
    ({ source, flags, literal }) => {
      const record = (window as unknown as { __turnpikeToasts?: string[] }).__turnpikeToasts ?? [];
      const index = record.findIndex((shown) => (literal ? shown.includes(source) : new RegExp(source, flags).test(shown)));
      if (index === -1) return false;
      record.splice(0, index + 1);
      return true;
    },
    pattern,
    { timeout: timeoutMs, polling: 50 },
  ).catch(async (error: unknown) => {
    // Say what the page did show, and which API calls failed, so a timeout names its cause.
    const shown = await page
      .evaluate(() => (window as unknown as { __turnpikeToastHistory?: string[] }).__turnpikeToastHistory ?? [])
      .catch(() => ['(page unavailable)']);
    const detail = `toasts shown on this page: ${JSON.stringify(shown.slice(-10))}; failed API calls: ${JSON.stringify(failedApiCalls.slice(-10))}`;
    throw new Error(`no toast matching ${String(text)} within ${timeoutMs} ms; ${detail}`, { cause: error });
  });
}
