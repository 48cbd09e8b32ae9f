/**
 * `(param KEY VALUE)` overrides (`--param KEY=VALUE`): the program is rebuilt
 * with the file's `(param KEY ...)` facts for each overridden KEY replaced by
 * `(param KEY VALUE)`. VALUE is read as a term (`3`, `yes`, `"a b"`, `(f 1)`).
 */
import { GramlogError } from '../../errors.js';
import { buildProgram, type Program } from '../../program/program.js';
import type { Literal, Statement, SyntaxTree, Term } from '../../syntax/ast.js';
import { parse, parseTerm } from '../../syntax/parser.js';
import { printTerm } from '../../syntax/printer.js';

export type Params = Readonly<Record<string, string>>;

/** The program with `params` applied (the same program when there are none). */
export function applyParams(program: Program, params: Params | undefined): Program {
  const keys = Object.keys(params ?? {}).sort();
  if (!params || keys.length === 0) return program;
  const replacements: Statement[] = [];
  const replaced = new Set<string>();
  for (const key of keys) {
    const keyTerm = readTerm(key, `--param ${key}`, 'key');
    if (keyTerm.kind !== 'const' && keyTerm.kind !== 'str') {
      throw new GramlogError('generate/param', `--param key '${key}' must be a name`, keyTerm.span);
    }
    const keyText = printTerm(keyTerm);
    if (!mentionsParam(program.statements, keyText)) {
      const known = declaredParams(program.statements);
      throw new GramlogError(
        'generate/unknown-param',
        `--param ${key}: the rule file has no (param ${keyText} ...)` +
          (known.length > 0 ? `; its params are ${known.join(', ')}` : '; it declares no params'),
      );
    }
    const value = readTerm(params[key] as string, `--param ${key}`, 'value');
    if (value.kind === 'var' || hasVariable(value)) {
      throw new GramlogError('generate/param', `--param ${key}: the value must be ground, not ${printTerm(value)}`, value.span);
    }
    replaced.add(keyText);
    const tree = parse(`(param ${keyText} ${printTerm(value)})`, { file: `--param ${key}` });
    replacements.push(...tree.statements);
  }
  const byFile = new Map<string, Statement[]>();
  for (const st of program.statements) {
    if (isParamFact(st) && replaced.has(printTerm(st.head.args[0] as Term))) continue;
    const file = st.span.file;
    const list = byFile.get(file) ?? [];
    list.push(st);
    byFile.set(file, list);
  }
  const trees: SyntaxTree[] = [...byFile].map(([file, statements]) => ({ file, statements }));
  trees.push({ file: '--param', statements: replacements });
  return buildProgram(trees, program.options);
}

/** The params the program's facts set, as `KEY=VALUE` canonical text, sorted by key. */
export function paramFacts(program: Program): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const st of program.statements) {
    if (isParamFact(st)) out.push([printTerm(st.head.args[0] as Term), printTerm(st.head.args[1] as Term)]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function readTerm(text: string, file: string, what: string): Term {
  try {
    return parseTerm(text, { file });
  } catch (e) {
    if (e instanceof GramlogError) throw new GramlogError('generate/param', `${file}: bad ${what} '${text}': ${e.message}`, e.span);
    throw e;
  }
}

function isParamFact(st: Statement): boolean {
  return st.body.length === 0 && st.head.pred === 'param' && st.head.args.length === 2;
}

function hasVariable(t: Term): boolean {
  return t.kind === 'var' || (t.kind === 'compound' && t.args.some(hasVariable));
}

/** Whether some `(param KEY _)` atom names this key (or a variable in its place). */
function mentionsParam(statements: readonly Statement[], keyText: string): boolean {
  const matches = (pred: string, args: readonly Term[]) => {
    if (pred !== 'param' || args.length !== 2) return false;
    const k = args[0] as Term;
    return k.kind === 'var' || printTerm(k) === keyText;
  };
  for (const st of statements) {
    if (matches(st.head.pred, st.head.args)) return true;
    const stack: Literal[] = [...st.body];
    while (stack.length > 0) {
      const l = stack.pop() as Literal;
      if (l.kind === 'atom' && matches(l.pred, l.args)) return true;
      if (l.kind === 'not') stack.push(l.body);
      if (l.kind === 'or') stack.push(...l.disjuncts);
    }
  }
  return false;
}

function declaredParams(statements: readonly Statement[]): string[] {
  const names = new Set<string>();
  for (const st of statements) if (isParamFact(st)) names.add(printTerm(st.head.args[0] as Term));
  return [...names].sort();
}
