import { availableParallelism } from 'node:os';

/** The number of worker threads `--jobs` defaults to: the cores this process may use. */
export function defaultJobs(): number {
  return availableParallelism();
}
