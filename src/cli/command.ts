import type { OptionSpec, Parsed } from './args.js';
import { sourceName, type Io } from './io.js';

export interface Command {
  name: string;
  summary: string;
  /** Full help text printed by `gramlog NAME --help` (usage, options, exit codes, an example). */
  help: string;
  options: OptionSpec;
  /**
   * Returns the exit code. Throws UsageError (exit 2) or GramlogError (exit 1,
   * printed with the source line from `sources`, which maps file names to the
   * text the command read: use `readSource`).
   */
  run(args: Parsed, io: Io, sources: Map<string, string>): Promise<number> | number;
}

/**
 * Read a file through io and remember its text for error messages, under the
 * name messages use for it (`sourceName`: `<stdin>` for `-`; give that name to
 * the loader too).
 */
export function readSource(io: Io, sources: Map<string, string>, path: string): string {
  const text = io.readFile(path);
  sources.set(sourceName(path), text);
  return text;
}
