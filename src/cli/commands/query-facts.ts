/**
 * `gramlog query` over a style's own files (Style.facts, e.g. a blueprint
 * library's definitions and keywords as facts), loaded with the rule files
 * given beside them. The style is looked up in the registry; query loads
 * this module (and with it every style) only when a file is no plain rule
 * file (start-up: docs/design/cli-startup.md).
 */
import type { Program } from '../../program/program.js';
import { STYLES } from '../../generate/styles.js';
import { readSource } from '../command.js';
import { formatDiagnostic } from '../diagnostics.js';
import { sourceName, type Io } from '../io.js';

/**
 * The program of `paths` when a registered style reads some of them as facts
 * (its files first, as one; the others as rule files); undefined when none does.
 */
export function loadStyleFacts(io: Io, sources: Map<string, string>, paths: readonly string[]): Program | undefined {
  const part = STYLES.find((s) => s.facts !== undefined && paths.some((p) => s.facts?.owns(p)))?.facts;
  if (!part) return undefined;
  const read = (file: string) => ({ file: sourceName(file), text: readSource(io, sources, file) });
  // the style's files are read first, so an unreadable one is reported before any rule file
  const files = paths.filter((p) => part.owns(p)).map(read);
  const rules = paths.filter((p) => !part.owns(p)).map(read);
  return part.program(files, rules, (d) => io.err(formatDiagnostic(d, d.span ? sources.get(d.span.file) : undefined) + '\n'));
}
