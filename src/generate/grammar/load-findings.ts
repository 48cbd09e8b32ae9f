/**
 * Mistakes in a grammar file that would otherwise generate silently, found
 * at load (compileGrammar), with "did you mean" from the file's own names:
 *
 *   generate/start-no-rule   (error) the start symbol has no rule: the artifact
 *                            would be a single terminal node (`(start qeust)`)
 *   generate/unknown-rule    (error) a pre-selector names, as a constant, a rule
 *                            that does not exist (`(forbid ?n hDivid)`)
 *   generate/unreachable     (warning) a nonterminal with rules that no rule
 *                            reaches from the start symbol: its rules never run
 *   generate/undeclared-param (error) a rule reads (param KEY ...) for a KEY the
 *                            file never declares (params.ts)
 *   generate/violation-never (warning) a violation rule reads a relation that
 *                            nothing defines (violations.ts)
 */
import { didYouMean } from '../../did-you-mean.js';
import type { Diagnostic, Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { undeclaredParamReads } from '../params.js';
import { violationNeverFires } from '../violations.js';
import { ARTIFACT_RELATIONS } from './facts.js';
import type { Nonterminal, RuleDef } from './grammar.js';
import { statementSpan } from './vocabulary.js';
import { pushAll } from '../../arrays.js';

/** Pre-selector relations and the argument positions that name a rule. */
const RULE_POSITIONS: Readonly<Record<string, { arity: number; positions: number[] }>> = {
  setprob: { arity: 3, positions: [1] },
  addprob: { arity: 3, positions: [1] },
  scaleprob: { arity: 3, positions: [1] },
  transfer: { arity: 3, positions: [1, 2] },
  forbid: { arity: 2, positions: [1] },
  forbidexcept: { arity: 2, positions: [1] },
  force: { arity: 2, positions: [1] },
};

export interface GrammarShape {
  start: number;
  nonterminals: ReadonlyMap<number, Nonterminal>;
  rules: ReadonlyMap<number, RuleDef>;
}

/** The findings above, errors first (the caller throws them), each with its span. */
export function grammarLoadFindings(program: Program, shape: GrammarShape): Diagnostic[] {
  const terms = program.terms;
  const out: Diagnostic[] = [];
  const ntNames = [...shape.nonterminals.values()].map((n) => n.name);
  const ruleNames = [...shape.rules.values()].map((r) => r.name);

  // the start symbol has no rule
  if (!shape.nonterminals.has(shape.start)) {
    const name = terms.print(shape.start);
    const span = statementSpan(program, 'start', 1, 0, name);
    out.push({
      code: 'generate/start-no-rule',
      severity: 'error',
      message: `the start symbol ${name} has no (rule ${name} RULE WEIGHT): the artifact would be a single node${didYouMean(name, ntNames) || `; the nonterminals are ${ntNames.sort().join(', ')}`}`,
      ...(span ? { span } : {}),
    });
  }

  // a pre-selector names an unknown rule in a constant position
  for (const st of program.statements) {
    const pos = RULE_POSITIONS[st.head.pred];
    if (!pos || st.head.args.length !== pos.arity) continue;
    for (const i of pos.positions) {
      const arg = st.head.args[i];
      if (!arg || arg.kind !== 'const' || ruleNames.includes(arg.name)) continue;
      const isNt = ntNames.includes(arg.name);
      out.push({
        code: 'generate/unknown-rule',
        severity: 'error',
        message: `(${st.head.pred} ...) names ${arg.name}, which is no rule${isNt ? ' (it is a nonterminal: name one of its rules)' : ''}: there is no (rule NT ${arg.name} WEIGHT)${didYouMean(arg.name, ruleNames)}`,
        span: arg.span,
      });
    }
  }

  // nonterminals no rule reaches from the start symbol
  const reached = new Set<number>([shape.start]);
  const stack = [shape.start];
  while (stack.length > 0) {
    const nt = shape.nonterminals.get(stack.pop() as number);
    for (const r of nt?.rules ?? []) {
      for (const c of r.children) {
        if (!reached.has(c.symbol)) {
          reached.add(c.symbol);
          stack.push(c.symbol);
        }
      }
    }
  }
  const terminalsUsed = [...reached].filter((s) => !shape.nonterminals.has(s)).map((s) => terms.print(s));
  for (const nt of shape.nonterminals.values()) {
    if (reached.has(nt.term) || !shape.nonterminals.has(shape.start)) continue;
    const close = didYouMean(nt.name, terminalsUsed);
    const span = nt.rules[0]?.span;
    out.push({
      code: 'generate/unreachable',
      severity: 'warning',
      message:
        `nonterminal ${nt.name} has rules but no rule reaches it from the start symbol ${terms.print(shape.start)}, so they never run` +
        (close ? `: is a (child RULE INDEX SYMBOL) misspelt?${close.replace(/^;/, '')}` : ''),
      ...(span ? { span } : {}),
    });
  }

  pushAll(out, undeclaredParamReads(program));
  pushAll(out, violationNeverFires(program, ARTIFACT_RELATIONS));
  return out.sort((a, b) => (a.severity === b.severity ? spanOrder(a.span, b.span) : a.severity === 'error' ? -1 : 1));
}

function spanOrder(a: Span | undefined, b: Span | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.offset - b.offset;
}

