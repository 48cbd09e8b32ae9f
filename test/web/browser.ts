/**
 * Headless Chromium for the end-to-end tests: Debian's `chromium` package,
 * driven by playwright-core (which downloads no browser). When the package is
 * missing, the set-up installs it with apt-get and says so; when that fails
 * the tests skip with a one-line message.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env['GRAMLOG_CHROMIUM'] ?? '/usr/bin/chromium';

export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser's path, installing Debian's package when it is missing; or why there is none. */
export function ensureChromium(): { path: string } | { missing: string } {
  if (existsSync(CHROMIUM)) return { path: CHROMIUM };
  process.stderr.write(`test/web: ${CHROMIUM} is missing: installing Debian's chromium package with apt-get (once)\n`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env, timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', env, timeout: 600_000 });
  } catch (e) {
    return { missing: `apt-get could not install chromium (${(e as Error).message.split('\n')[0]})` };
  }
  return existsSync(CHROMIUM) ? { path: CHROMIUM } : { missing: `apt-get ran but ${CHROMIUM} is still missing` };
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh browser with its own, temporary user-data-dir. */
export async function launch(path: string): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: path,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 860 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
