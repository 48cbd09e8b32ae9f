/**
 * fast-check's replay path `RUN:SHRINK:...`, as `check --path` takes it: a
 * path that names no run of the check replays nothing, whether its run is
 * past the runs (fast-check would first draw RUN values to get there: a path
 * of 99999999999999999999 ran forever) or its shrink steps lead nowhere
 * (fast-check's "Unable to replay"). Here, below src/check, so that a
 * style's own check (the blueprint checker) and src/check/check.ts share it.
 */

/** Whether the path's run is at or past `runs` (a malformed path is left to fast-check). */
export function replaysNoRun(path: string, runs: number): boolean {
  const m = /^(\d+)(?::\d+)*$/.exec(path);
  return m !== null && !(Number(m[1]) < runs);
}

/**
 * `check()` (a fast-check run replaying `path`, when there is one), or
 * undefined when the path names no run of the `runs`.
 */
export function replayed<T>(path: string | undefined, runs: number, check: () => T): T | undefined {
  if (path === undefined) return check();
  if (replaysNoRun(path, runs)) return undefined;
  try {
    return check();
  } catch (e) {
    if (e instanceof Error && /Unable to replay/.test(e.message)) return undefined;
    throw e;
  }
}
