/**
 * The runtime check that every code raised is registered: installed by the
 * tests in their own processes (test/codes/setup.ts) and in the node processes
 * they spawn (test/codes/preload.mjs, when GRAMLOG_CHECK_CODES is set); never
 * loaded by the library or the CLI themselves. An unregistered code throws (the
 * run fails with an internal error naming the code and where it was raised) and
 * is kept in `unregisteredCodes()` so that a test that swallowed the throw
 * still fails.
 */
import { ALL_CODES } from './index.js';
import { setCodeCheck } from './hook.js';

const known = new Set(ALL_CODES.map((c) => c.code));
const unregistered: string[] = [];

/**
 * The first frame of `stack` outside the error and check machinery: where the
 * code was raised (`src/...:LINE`); undefined when that is a test, which may
 * make up codes to test the machinery itself.
 */
export function raisingSite(stack: string): string | undefined {
  for (const line of stack.split('\n').slice(1)) {
    if (/codes[\\/](hook|guard)\.|[\\/]errors\.[jt]s|cli[\\/]diagnostics\.[jt]s|node:internal|node_modules/.test(line)) continue;
    if (/[\\/]test[\\/]/.test(line)) return undefined;
    const m = /((?:src|dist)[\\/][^():]+):(\d+)/.exec(line);
    if (m) return `${m[1]}:${m[2]}`;
  }
  return 'an unknown place';
}

/** The message for an unregistered code. */
export function unregisteredMessage(code: string, site: string): string {
  return `error code '${code}' is raised at ${site} but not registered: add an entry for it to an area file in src/codes/ (see src/codes/registry.ts)`;
}

export function installCodeCheck(): void {
  setCodeCheck((code) => {
    if (known.has(code)) return;
    const site = raisingSite(new Error().stack ?? '');
    if (site === undefined) return;
    const message = unregisteredMessage(code, site);
    unregistered.push(message);
    throw new Error(message);
  });
}

/** The messages about every unregistered code met since the check was installed. */
export function unregisteredCodes(): readonly string[] {
  return unregistered;
}
