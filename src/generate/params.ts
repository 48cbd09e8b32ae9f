/**
 * `(param KEY VALUE)` overrides (`--param KEY=VALUE`), the same for every
 * generation style (grammars, layer files) and for `gramlog check`: the
 * program is rebuilt with each overridden KEY's `(param KEY ...)` facts
 * replaced by one `(param KEY VALUE)`. VALUE is read as a ground term (`3`,
 * `0.25`, `yes`, `"a b"`, `(f 1)`).
 *
 * Errors (GramlogErrors; the CLI turns them into usage errors, exit 2):
 *
 *   generate/unknown-param  the file sets KEY by no `(param KEY VALUE)` fact;
 *                           the message lists the keys it does set
 *   generate/undeclared-param (load finding, every style) a rule reads
 *                           (param KEY ...) for a KEY no (param KEY VALUE) fact
 *                           declares: the literal never matches (a typo, or a
 *                           default to declare)
 *   generate/param          KEY is not a name, VALUE is not a ground term, or
 *                           VALUE is not a number where the file's default
 *                           (param KEY NUMBER) is one (the message names the
 *                           default's place, and a rule that uses KEY in
 *                           arithmetic or a comparison when there is one)
 */
import { didYouMean } from '../did-you-mean.js';
import { GramlogError, type Diagnostic } from '../errors.js';
import type { Program } from '../program/program.js';
import type { Span } from '../errors.js';
import type { Statement, Term } from '../syntax/ast.js';
import { parse, parseTerm } from '../syntax/parser.js';
import { printLiteral, printTerm } from '../syntax/printer.js';
import { atomsOf, rebuildProgram } from './statements.js';
import { record } from '../data/records.js';

/** Overrides as text, KEY → VALUE (what `--param KEY=VALUE` gives). */
export type Params = Readonly<Record<string, string>>;

/** Param values as a check draws them: integers (from a range) or text as written on a command line. */
export type ParamValues = Readonly<Record<string, number | string>>;

/** The codes of the errors a bad override raises. */
export const PARAM_ERROR_CODES: ReadonlySet<string> = new Set(['generate/param', 'generate/unknown-param']);

/** Whether `e` is the error of a bad override (a usage error on a command line). */
export function isParamError(e: unknown): e is GramlogError {
  return e instanceof GramlogError && PARAM_ERROR_CODES.has(e.code);
}

/** The program with `params` applied (the same program when there are none). */
export function applyParams(program: Program, params: Params | undefined): Program {
  const keys = Object.keys(params ?? {}).sort();
  if (!params || keys.length === 0) return program;
  const known = paramKeys(program);
  const replaced = new Set<string>();
  const lines: string[] = [];
  for (const key of keys) {
    const keyTerm = readTerm(key, key, 'key');
    if (keyTerm.kind !== 'const' && keyTerm.kind !== 'str') {
      throw new GramlogError('generate/param', `--param key '${key}' must be a name`, keyTerm.span);
    }
    const keyText = printTerm(keyTerm);
    if (!known.includes(keyText)) {
      throw new GramlogError(
        'generate/unknown-param',
        `--param ${key}: the file has no (param ${keyText} VALUE) fact to override` +
          (known.length > 0 ? `; its params are ${known.join(', ')}` : '; it sets no params'),
      );
    }
    const value = readTerm(params[key] as string, key, 'value');
    if (hasVariable(value)) {
      throw new GramlogError('generate/param', `--param ${key}: the value must be ground, not ${printTerm(value)}`, value.span);
    }
    const numeric = numericParamError(program, keyText, value, `--param ${key}`, params[key] as string);
    if (numeric) throw numeric;
    replaced.add(keyText);
    lines.push(`(param ${keyText} ${printTerm(value)})`);
  }
  const kept = (st: Statement) => !(isParamFact(st) && replaced.has(printTerm(st.head.args[0] as Term)));
  return rebuildProgram(program, kept, [parse(lines.join('\n'), { file: '--param' })]);
}

/** The program's `(param KEY VALUE)` facts as [KEY, VALUE] canonical text, sorted by key. */
export function paramFacts(program: Program): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const st of program.statements) {
    if (isParamFact(st)) out.push([printTerm(st.head.args[0] as Term), printTerm(st.head.args[1] as Term)]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The KEYs the program's `(param KEY VALUE)` facts set, canonical text, sorted, unique. */
export function paramKeys(program: Program): string[] {
  return [...new Set(paramFacts(program).map(([k]) => k))];
}

/** Param values as the generators take them: KEY → VALUE text, keys sorted. */
export function paramText(params: ParamValues): Record<string, string> {
  const out: Record<string, string> = record();
  for (const key of Object.keys(params).sort()) out[key] = String(params[key]);
  return out;
}

/** `--param` VALUE text as a check reports it: a whole number as a number, anything else as written. */
export function paramValue(text: string): number | string {
  const t = text.trim();
  return /^-?\d{1,15}$/.test(t) ? Number(t) : t;
}

/**
 * The error for giving KEY the value `value` (written `given`, by `who`, e.g.
 * `--param minsplit`) when every `(param KEY ...)` default of the file is a
 * number and `value` is not; undefined when the value is fine.
 */
export function numericParamError(program: Program, key: string, value: Term, who: string, given: string): GramlogError | undefined {
  const numeric = numericDefault(program, key);
  if (!numeric || isNumber(value)) return undefined;
  const use = numericUse(program, key);
  return new GramlogError(
    'generate/param',
    `${who}: the file's default (param ${key} ${numeric.value}) at ${where(numeric.span)} is a number` +
      (use ? `, and ${key} is used as a number at ${where(use.span)} in ${use.text}` : '') +
      `: give a number, not '${given}'`,
    use?.span ?? numeric.span,
  );
}

function readTerm(text: string, key: string, what: 'key' | 'value'): Term {
  const file = `--param ${key}`;
  try {
    return parseTerm(text, { file });
  } catch (e) {
    if (e instanceof GramlogError) throw new GramlogError('generate/param', `${file}: bad ${what} '${text}': ${e.message}`, e.span);
    throw e;
  }
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

function isNumber(t: Term): boolean {
  return t.kind === 'const' && NUMBER.test(t.name);
}

function where(span: Span): string {
  return `${span.file}:${span.line}:${span.column}`;
}

/** The file's `(param KEY VALUE)` fact when every one of them gives a number. */
function numericDefault(program: Program, key: string): { value: string; span: Span } | undefined {
  const facts = program.statements.filter((st) => isParamFact(st) && printTerm(st.head.args[0] as Term) === key);
  const first = facts[0];
  if (!first || !facts.every((st) => isNumber(st.head.args[1] as Term))) return undefined;
  return { value: printTerm(first.head.args[1] as Term), span: first.span };
}

const ARITHMETIC = new Set(['+', '-', '*', '/', '<', '<=', '>', '>=']);

/** The first builtin literal of a rule that reads `(param KEY ?v)` and does arithmetic or a comparison with ?v. */
function numericUse(program: Program, key: string): { span: Span; text: string } | undefined {
  for (const st of program.statements) {
    if (!st.isRule) continue;
    const atoms = atomsOf(st.body);
    const vars = new Set<string>();
    for (const a of atoms) {
      const [k, v] = a.args;
      if (a.pred === 'param' && a.args.length === 2 && k && v && printTerm(k) === key && v.kind === 'var') vars.add(v.name);
    }
    if (vars.size === 0) continue;
    const use = atoms.find((a) => ARITHMETIC.has(a.pred) && a.args.some((t) => t.kind === 'var' && vars.has(t.name)));
    if (use) return { span: use.span, text: printLiteral(use) };
  }
  return undefined;
}

function isParamFact(st: Statement): boolean {
  return !st.isRule && st.body.length === 0 && st.head.pred === 'param' && st.head.args.length === 2;
}

function hasVariable(t: Term): boolean {
  return t.kind === 'var' || (t.kind === 'compound' && t.args.some(hasVariable));
}

/**
 * Errors for rules reading `(param KEY ...)` (positively or under `not`) for a
 * constant KEY that no `(param KEY VALUE)` fact declares: such a literal never
 * matches, whatever --param says (--param takes only declared keys), so it is
 * a typo or a missing default.
 */
export function undeclaredParamReads(program: Program): Diagnostic[] {
  const keys = paramKeys(program);
  const out: Diagnostic[] = [];
  for (const st of program.statements) {
    if (!st.isRule) continue;
    for (const a of atomsOf(st.body)) {
      const k = a.args[0];
      if (a.pred !== 'param' || a.args.length !== 2 || !k || (k.kind !== 'const' && k.kind !== 'str')) continue;
      const key = printTerm(k);
      if (keys.includes(key)) continue;
      out.push({
        code: 'generate/undeclared-param',
        severity: 'error',
        message:
          `${printLiteral(a)} reads a param the file never declares, so it never matches: ` +
          `declare a default with (param ${key} VALUE), or fix the name${didYouMean(key, keys)}`,
        span: a.span,
      });
    }
  }
  return out;
}

/** Throw the first of `diagnostics` (all of them attached) when there is one. */
export function throwFirst(diagnostics: readonly Diagnostic[]): void {
  const first = diagnostics[0];
  if (first) throw new GramlogError(first.code, first.message, first.span, [...diagnostics]);
}
