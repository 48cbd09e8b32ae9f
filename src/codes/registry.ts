/**
 * The error-code registry: every code the library or the CLI can report is
 * declared once, in one of the area files of this folder, with its severity,
 * what triggers it, a minimal example and the fix. The docs' error index
 * (docs/reference/errors.md, `npm run docs:errors`) is generated from it, and
 * tests fail when a code is raised that it lacks (test/codes/). Each area file
 * declares its codes with declareCodes, which keeps their literal types: the
 * `Code` type (./index.ts) is their union, so a misspelt code fails the type check.
 *
 * Codes are `area/name`. A few older codes have no area (the GDL validator's
 * check names such as `safety`, printed as `error[safety]`); they are listed in
 * BARE_CODES and stay as they are, since users and scripts depend on them.
 */

export type CodeSeverity = 'error' | 'warning';

export interface CodeExample {
  /** File name the example is shown under (its extension picks the file kind). */
  file: string;
  /** The minimal file that triggers the code. */
  text: string;
  /** The command that reports it, e.g. `gramlog generate example.gdl`. */
  command: string;
  /** Further files the command reads (e.g. a blueprint library), by name. */
  others?: Readonly<Record<string, string>>;
  /** Set when the output differs from run to run (e.g. it reports heap sizes): why. The index then shows the command without its output. */
  outputVaries?: string;
}

/** Where a code without a CLI example can be met. */
export type CodeReach = 'api' | 'internal' | 'large-input';

export interface CodeInfo {
  /** `area/name`, e.g. `generate/start-no-rule` (or one of BARE_CODES). */
  code: string;
  severity: CodeSeverity;
  /** One line: what the code means. */
  title: string;
  /** What triggers it, in a few sentences. */
  explanation: string;
  /** A minimal file that triggers the code and the command that reports it; absent only with `reachableFrom`. */
  example?: CodeExample;
  /** How to fix it. */
  fix: string;
  /**
   * Set when no command-line example can trigger the code: `api` (only the
   * library's functions raise it; `apiNote` says which), `internal` (a guard
   * against a bug in gramlog itself, never expected).
   */
  reachableFrom?: CodeReach;
  /** For `reachableFrom`: which function raises it, or why no example can. */
  apiNote?: string;
  /** When the same code is also reported with the other severity, and when. */
  otherSeverity?: { severity: CodeSeverity; when: string };
}

/**
 * Codes without an `area/` prefix, kept for compatibility: the GDL validator's
 * check names (validate), the program checks they share with every file kind,
 * and `internal` (a bug in gramlog).
 */
export const BARE_CODES: readonly string[] = [
  'arity', 'bases', 'builtin-arity', 'builtin-head', 'case', 'dependency', 'empty-or', 'evaluation', 'executor',
  'fluent-typo', 'fluents', 'goals', 'init', 'inputs', 'internal', 'keywords', 'legal', 'negation', 'or-expansion', 'parentheses',
  'recursion', 'roles', 'rules', 'safety', 'spelling', 'stratification', 'syntax', 'terminal', 'undefined',
  // the GDL-II checks, named like the validator's others
  'epistemic', 'gdl', 'knows', 'random', 'role-argument', 'sees',
];

/** Whether `code` is shaped as a code may be: `area/name` in lower case, or one of BARE_CODES. */
export function wellShaped(code: string): boolean {
  return /^[a-z][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/.test(code) || BARE_CODES.includes(code);
}

/**
 * An area's codes, as declared: each entry is a CodeInfo, and the `code`
 * strings keep their literal types, from which src/codes/index.ts derives the
 * `Code` type.
 */
export function declareCodes<const C extends string>(codes: ReadonlyArray<CodeInfo & { code: C }>): ReadonlyArray<CodeInfo & { code: C }> {
  return codes;
}
