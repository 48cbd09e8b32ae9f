/**
 * Rebuilding a program from some of its statements (params replaced, rules
 * nobody reads pruned): the statements stay grouped by the file they came
 * from, so spans and `program.files` are kept.
 */
import { buildProgram, type Program } from '../program/program.js';
import type { Atom, Literal, Statement, SyntaxTree } from '../syntax/ast.js';

/** The program's statements that `keep` accepts, as syntax trees per file (every file listed, in order). */
export function statementTrees(program: Program, keep: (st: Statement) => boolean = () => true): SyntaxTree[] {
  const byFile = new Map<string, Statement[]>();
  for (const f of program.files) byFile.set(f, []);
  for (const st of program.statements) {
    if (!keep(st)) continue;
    const list = byFile.get(st.span.file) ?? [];
    list.push(st);
    byFile.set(st.span.file, list);
  }
  return [...byFile].map(([file, statements]) => ({ file, statements }));
}

/** A new program of the statements `keep` accepts plus `extra` trees, with the same options. */
export function rebuildProgram(program: Program, keep: (st: Statement) => boolean, extra: readonly SyntaxTree[] = []): Program {
  return buildProgram([...statementTrees(program, keep), ...extra], program.options);
}

/** Every atom of a rule body: positive, under `not` and inside `or`, in order. */
export function atomsOf(lits: readonly Literal[], out: Atom[] = []): Atom[] {
  for (const l of lits) {
    if (l.kind === 'atom') out.push(l);
    else if (l.kind === 'not') atomsOf([l.body], out);
    else if (l.kind === 'or') atomsOf(l.disjuncts, out);
  }
  return out;
}
