/**
 * `(param KEY VALUE)` overrides for layer files: the program is rebuilt with
 * each overridden key's `(param KEY ...)` facts replaced by one
 * `(param KEY VALUE)`. VALUE is read as a ground term (`3`, `0.25`, `yes`,
 * `"a b"`, `(f 1)`). A key the file sets by no fact is an error listing the
 * keys it does set.
 */
import { GramlogError } from '../../errors.js';
import { buildProgram, type Program } from '../../program/program.js';
import type { Statement, SyntaxTree, Term } from '../../syntax/ast.js';
import { parse, parseTerm } from '../../syntax/parser.js';
import { printTerm } from '../../syntax/printer.js';

export type LayerParams = Readonly<Record<string, string>>;

function isParamFact(st: Statement): boolean {
  return st.body.length === 0 && !st.isRule && st.head.pred === 'param' && st.head.args.length === 2;
}

function hasVariable(t: Term): boolean {
  return t.kind === 'var' || (t.kind === 'compound' && t.args.some(hasVariable));
}

function readTerm(text: string, what: string): Term {
  try {
    return parseTerm(text, { file: '--param' });
  } catch (e) {
    if (e instanceof GramlogError) throw new GramlogError('layers/param', `--param: bad ${what} '${text}': ${e.message}`);
    throw e;
  }
}

/** The program's `(param KEY VALUE)` facts as [KEY, VALUE] canonical text, sorted by key. */
export function paramFacts(program: Program): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const st of program.statements) {
    if (isParamFact(st)) out.push([printTerm(st.head.args[0] as Term), printTerm(st.head.args[1] as Term)]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The program with `params` applied (the same program when there are none). */
export function applyLayerParams(program: Program, params: LayerParams | undefined): Program {
  const keys = Object.keys(params ?? {}).sort();
  if (!params || keys.length === 0) return program;
  const known = new Set(paramFacts(program).map(([k]) => k));
  const replaced = new Set<string>();
  const lines: string[] = [];
  for (const key of keys) {
    const keyTerm = readTerm(key, 'key');
    const keyText = printTerm(keyTerm);
    if (!known.has(keyText)) {
      const list = [...known].sort();
      throw new GramlogError(
        'layers/param',
        `--param ${key}: the file has no (param ${keyText} VALUE) fact to override` +
          (list.length > 0 ? `; its params are ${list.join(', ')}` : '; it sets no params'),
      );
    }
    const value = readTerm(params[key] as string, 'value');
    if (hasVariable(value)) throw new GramlogError('layers/param', `--param ${key}: the value must be ground, not ${printTerm(value)}`);
    replaced.add(keyText);
    lines.push(`(param ${keyText} ${printTerm(value)})`);
  }
  const byFile = new Map<string, Statement[]>();
  for (const f of program.files) byFile.set(f, []);
  for (const st of program.statements) {
    if (isParamFact(st) && replaced.has(printTerm(st.head.args[0] as Term))) continue;
    const list = byFile.get(st.span.file) ?? [];
    list.push(st);
    byFile.set(st.span.file, list);
  }
  const trees: SyntaxTree[] = [...byFile].map(([file, statements]) => ({ file, statements }));
  trees.push(parse(lines.join('\n'), { file: '--param' }));
  return buildProgram(trees, program.options);
}
