/**
 * The error-code registry: every code the library or the CLI can report is
 * declared once, in one of the area files of this folder, with its severity,
 * what triggers it, a minimal example and the fix. The docs' error index is
 * generated from it, and a test fails when a code is raised that it lacks.
 */

export type CodeSeverity = 'error' | 'warning';

export interface CodeExample {
  /** File name the example is shown under (its extension picks the file kind). */
  file: string;
  /** The minimal file that triggers the code. */
  text: string;
  /** The command that reports it, e.g. `gramlog generate example.gdl`. */
  command: string;
}

export interface CodeInfo {
  /** `area/name`, e.g. `generate/start-no-rule`. */
  code: string;
  severity: CodeSeverity;
  /** One line: what the code means. */
  title: string;
  /** What triggers it, in a few sentences. */
  explanation: string;
  example?: CodeExample;
  /** How to fix it. */
  fix: string;
}
