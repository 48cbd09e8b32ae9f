/** fast-check's replay path `RUN:SHRINK:...`, as `check --path` takes it. */
/**
 * Whether fast-check's path P (`RUN:SHRINK:...`) names a run past the first
 * `runs`: it replays nothing, and fast-check would first draw RUN values to
 * get there (a path of 99999999999999999999 ran forever). Checked before it.
 */
export function replaysNoRun(path: string, runs: number): boolean {
  const m = /^(\d+)(?::\d+)*$/.exec(path);
  return m !== null && !(Number(m[1]) < runs);
}

/** Whether fast-check stopped because a replay path leads to no value (its "Unable to replay" error). */
export function pathMissed(error: unknown): boolean {
  return error instanceof Error && /Unable to replay/.test(error.message);
}
