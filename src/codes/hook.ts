/**
 * The runtime check that every code raised is registered, at no cost in
 * production: `GramlogError`'s constructor and the CLI's diagnostic printer
 * call `checkCode`, which does nothing unless a check is installed (the tests
 * install src/codes/guard.ts, which loads the registry, in their processes and
 * in the node processes they spawn). The check sits on a global symbol, so a
 * bundled copy of this module (dist/cli/bundle) reports to the same check.
 * This module imports nothing.
 */

export type CodeCheck = (code: string, severity: string | undefined) => void;

const KEY = Symbol.for('gramlog.codeCheck');

/** Report `code` to the installed check, if any. */
export function checkCode(code: string, severity?: string): void {
  const check = (globalThis as { [KEY]?: CodeCheck })[KEY];
  if (check) check(code, severity);
}

/** Install `check` (or remove it with undefined). */
export function setCodeCheck(check: CodeCheck | undefined): void {
  const g = globalThis as { [KEY]?: CodeCheck };
  if (check) g[KEY] = check;
  else delete g[KEY];
}
