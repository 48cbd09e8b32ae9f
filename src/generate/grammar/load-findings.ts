/**
 * Mistakes in a grammar file that would otherwise generate silently, found
 * at load (compileGrammar), with "did you mean" from the file's own names:
 *
 *   generate/start-no-rule   (error) the start symbol has no rule: the artifact
 *                            would be a single terminal node (`(start qeust)`)
 *   generate/unknown-rule    (error) a pre-selector names, as a constant, a rule
 *                            that does not exist (`(forbid ?n hDivid)`); checked
 *                            from the schema (../vocabulary-check.ts), like a
 *                            `(symbol ?n NT)` naming no symbol
 *   generate/terminal-typo   (error) a child symbol no rule expands, close to a
 *                            nonterminal (`stags` for `stage`), not declared
 *                            `(terminal stags)`
 *   generate/unreachable     (warning) a nonterminal with rules that no rule
 *                            reaches from the start symbol: its rules never run
 *   generate/undeclared-param (error) a rule reads (param KEY ...) for a KEY the
 *                            file never declares (params.ts)
 *   generate/violation-never (warning) a violation rule reads a relation that
 *                            nothing defines (violations.ts)
 */
import { didYouMean } from '../../did-you-mean.js';
import type { Diagnostic, Span } from '../../errors.js';
import { printLiteral } from '../../syntax/printer.js';
import type { Program } from '../../program/program.js';
import { undeclaredParamReads } from '../params.js';
import { violationNeverFires } from '../violations.js';
import { ARTIFACT_RELATIONS } from './facts.js';
import type { Nonterminal, RuleDef } from './types.js';
import { statementSpan } from './vocabulary.js';
import { checkVocabulary } from '../vocabulary-check.js';
import { GRAMMAR_SCHEMA } from './schema.js';
import { closestNames } from '../../did-you-mean.js';
import type { Term } from '../../syntax/ast.js';
import { printTerm } from '../../syntax/printer.js';
import { pushAll } from '../../arrays.js';

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

  // a reserved relation names, as a constant, a rule or a symbol that does not exist
  const symbols = new Set<string>([...ntNames, terms.print(shape.start)]);
  for (const r of shape.rules.values()) for (const c of r.children) symbols.add(terms.print(c.symbol));
  for (const t of declaredTerminals(program)) symbols.add(t.name);
  out.push(
    ...checkVocabulary(program.statements, GRAMMAR_SCHEMA, {
      structure: false,
      names: {
        rule: {
          names: ruleNames,
          message: (pred, _text, name) =>
            `(${pred} ...) names ${name}, which is no rule${ntNames.includes(name) ? ' (it is a nonterminal: name one of its rules)' : ''}: there is no (rule NT ${name} WEIGHT)`,
        },
        symbol: { names: [...symbols], message: (_pred, text, name) => `${text} names ${name}, which is no symbol of the grammar (no rule expands it and no rule makes it a child), so it never matches` },
      },
    }),
  );

  // a child symbol no rule expands, close to a nonterminal: a misspelt nonterminal, unless declared (terminal SYMBOL)
  out.push(...terminalTypos(program, ntNames));

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


/** The `(terminal SYMBOL)` facts: symbols meant as terminals. */
function declaredTerminals(program: Program): Array<{ name: string; term: Term }> {
  const out: Array<{ name: string; term: Term }> = [];
  for (const st of program.statements) {
    const t = st.head.args[0];
    if (st.head.pred === 'terminal' && st.head.args.length === 1 && t && !st.isRule) out.push({ name: printTerm(t), term: t });
  }
  return out;
}

/**
 * `(child RULE INDEX SYMBOL)` where SYMBOL is expanded by no rule, is not
 * declared `(terminal SYMBOL)`, and is within a small edit distance of a
 * nonterminal: the child would silently be a terminal (`stags` for `stage`).
 * Names of fewer than 4 characters are left alone (every short name is close
 * to another), and so is the singular of a list nonterminal (`monster` as the
 * item of `monsters`), a common intentional pattern.
 */
function terminalTypos(program: Program, ntNames: readonly string[]): Diagnostic[] {
  const terminals = new Set(declaredTerminals(program).map((t) => t.name));
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const st of program.statements) {
    if (st.head.pred !== 'child' || st.head.args.length !== 3) continue;
    const sym = st.head.args[2] as Term;
    if (sym.kind !== 'const' && sym.kind !== 'str') continue;
    const name = printTerm(sym);
    if (name.length < 4 || ntNames.includes(name) || terminals.has(name) || ntNames.includes(`${name}s`)) continue;
    if (closestNames(name, ntNames).length === 0) continue;
    if (seen.has(`${name}@${sym.span.offset}`)) continue;
    seen.add(`${name}@${sym.span.offset}`);
    out.push({
      code: 'generate/terminal-typo',
      severity: 'error',
      message: `${printLiteral(st.head)}: no rule expands ${name}, so it would be a terminal and end the branch${didYouMean(name, ntNames)} If ${name} is meant to be a terminal, declare (terminal ${name})`,
      span: sym.span,
    });
  }
  return out;
}
