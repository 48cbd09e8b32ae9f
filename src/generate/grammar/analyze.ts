/**
 * `gramlog analyze` on a tree grammar: static findings decided from the rule
 * file alone, each located at the statement that holds it.
 *
 *   generate/unreachable       (warning) a nonterminal no rule reaches from the start (load-findings.ts)
 *   grammar/rule-never-fires   (warning) a rule that can never be chosen: a pre-selector forbids it at
 *                              every node of its nonterminal (a body reading only (symbol ?n NT) and
 *                              (depth ?n ?d)), or forbidexcept / force picks another rule everywhere, or
 *                              its weight is 0 and nothing raises it, and no force can name it
 *   grammar/no-termination     (error) the smallest tree the start symbol can grow (over the rules that
 *                              can fire) is deeper than (maxdepth D), or infinite: every seed fails
 *   grammar/other-nonterminal  (warning) a pre-selector that applies only to nodes of one nonterminal
 *                              ((symbol ?n NT) in its body) names a rule of another: it changes nothing
 *
 * Every finding is sound, not complete: what is reported holds for every seed
 * and params (test/generate/grammar/analyze.test.ts checks each against
 * generation over many seeds); a rule forbidden by a condition on the node's
 * arguments is not reported.
 */
import type { Diagnostic, Span } from '../../errors.js';
import type { Atom, Statement, Term } from '../../syntax/ast.js';
import { placeOf, type Analysis, type AnalysisFinding, type AnalyzeOptions, type AnalyzeResult, type StyleSource } from '../style.js';
import type { Grammar, RuleDef } from './types.js';
import { grammarStyle } from './style.js';

/** Pre-selectors and the argument positions that name a rule. */
const RULE_POSITIONS: Readonly<Record<string, { arity: number; positions: number[] }>> = {
  setprob: { arity: 3, positions: [1] },
  addprob: { arity: 3, positions: [1] },
  scaleprob: { arity: 3, positions: [1] },
  transfer: { arity: 3, positions: [1, 2] },
  forbid: { arity: 2, positions: [1] },
  forbidexcept: { arity: 2, positions: [1] },
  force: { arity: 2, positions: [1] },
};

export type GrammarAnalysisJson = {
  file: string;
  kind: 'grammar';
  start: string;
  maxdepth: number;
  nonterminals: Array<{ name: string; rules: string[]; height: number | null }>;
  findings: Array<{ check: string; severity: string; message: string; line?: number; column?: number }>;
};

/** The variable names a term mentions. */
function varsOf(t: Term, out: string[] = []): string[] {
  if (t.kind === 'var') out.push(t.name);
  else if (t.kind === 'compound') for (const a of t.args) varsOf(a, out);
  return out;
}

/** Every variable occurrence of a statement (head and body, positive and negated). */
function allVars(st: Statement): string[] {
  const out: string[] = [];
  const lit = (l: Statement['body'][number]): void => {
    if (l.kind === 'atom') for (const a of l.args) varsOf(a, out);
    else if (l.kind === 'not') lit(l.body);
    else if (l.kind === 'or') l.disjuncts.forEach(lit);
    else {
      varsOf(l.left, out);
      varsOf(l.right, out);
    }
  };
  for (const a of st.head.args) varsOf(a, out);
  st.body.forEach(lit);
  return out;
}

/**
 * The nonterminal a pre-selector statement `(P ?n ...)` applies to at every
 * node: `null` when its body holds at every node whatever its nonterminal,
 * the constant NT when it reads (symbol ?n NT) and otherwise holds at every
 * node of NT, undefined when the body has any other condition.
 */
function everywhere(st: Statement): string | null | undefined {
  const node = st.head.args[0];
  if (!node || node.kind !== 'var') return undefined;
  const vars = allVars(st);
  let nt: string | null = null;
  for (const l of st.body) {
    if (l.kind !== 'atom' || l.args.length !== 2 || l.args[0]?.kind !== 'var' || l.args[0].name !== node.name) return undefined;
    const x = l.args[1] as Term;
    const once = x.kind === 'var' && vars.filter((v) => v === x.name).length === 1;
    if (l.pred === 'depth' && once) continue;
    if (l.pred === 'symbol' && once) continue;
    if (l.pred === 'symbol' && x.kind === 'const' && (nt === null || nt === x.name)) {
      nt = x.name;
      continue;
    }
    return undefined;
  }
  return nt;
}

/** The nonterminal a statement is restricted to by a positive (symbol ?n NT) in its body, if any. */
function symbolOf(st: Statement): { name: string; span: Span } | undefined {
  const node = st.head.args[0];
  if (!node || node.kind !== 'var') return undefined;
  for (const l of st.body) {
    if (l.kind === 'atom' && l.pred === 'symbol' && l.args.length === 2 && l.args[0]?.kind === 'var' && l.args[0].name === node.name && l.args[1]?.kind === 'const') {
      return { name: l.args[1].name, span: l.args[1].span };
    }
  }
  return undefined;
}

function ruleArg(head: Atom, i: number): Term | undefined {
  return head.args[i];
}

/** The findings of a compiled grammar (its load warnings not included). */
export function grammarFindings(grammar: Grammar): { findings: AnalysisFinding[]; heights: Map<string, number> } {
  const program = grammar.source;
  const terms = program.terms;
  const byName = new Map<string, RuleDef>(grammar.ruleList.map((r) => [r.name, r]));
  const ntOf = (r: RuleDef) => terms.print(r.nt);
  const statements = program.statements.filter((st) => {
    const pos = RULE_POSITIONS[st.head.pred];
    return pos !== undefined && st.head.args.length === pos.arity;
  });
  const findings: AnalysisFinding[] = [];

  // rules some statement can force, or raise from weight 0: named as a constant, or any rule (a variable)
  const named = (preds: readonly string[], positions: (pred: string) => number[]) => {
    const names = new Set<string>();
    let any = false;
    for (const st of statements) {
      if (!preds.includes(st.head.pred)) continue;
      for (const i of positions(st.head.pred)) {
        const a = ruleArg(st.head, i);
        if (a?.kind === 'const') names.add(a.name);
        else any = true;
      }
    }
    return (name: string) => any || names.has(name);
  };
  const forcible = named(['force'], () => [1]);
  const raisable = named(['setprob', 'addprob', 'transfer', 'force'], (p) => (p === 'transfer' ? [2] : [1]));

  const never = new Map<string, { why: string; span: Span | undefined }>();
  const mark = (r: RuleDef, why: string, span: Span | undefined) => {
    if (!never.has(r.name) && !forcible(r.name)) never.set(r.name, { why, span });
  };
  for (const st of statements) {
    const a = ruleArg(st.head, 1);
    if (a?.kind !== 'const') continue;
    const rule = byName.get(a.name);
    if (!rule) continue;
    const scope = everywhere(st);
    if (scope === undefined || (scope !== null && scope !== ntOf(rule))) continue;
    const at = `(${st.head.pred} ?n ${rule.name}) at every node of ${ntOf(rule)}`;
    if (st.head.pred === 'forbid') mark(rule, `${at} forbids it`, st.span);
    else if (st.head.pred === 'forbidexcept' || st.head.pred === 'force') {
      for (const other of grammar.nonterminals.get(rule.nt)?.rules ?? []) {
        if (other !== rule) mark(other, `${at} ${st.head.pred === 'force' ? 'forces' : 'leaves only'} ${rule.name}`, st.span);
      }
    }
  }
  for (const r of grammar.ruleList) if (r.weight === 0 && !raisable(r.name)) mark(r, 'its weight is 0 and no setprob, addprob, transfer or force raises it', r.span);
  for (const r of grammar.ruleList) {
    const n = never.get(r.name);
    if (!n) continue;
    findings.push({
      code: 'grammar/rule-never-fires',
      severity: 'warning',
      message: `rule ${r.name} (${ntOf(r)}) can never be chosen: ${n.why}, and no force names it; delete the rule or the pre-selector`,
      ...((n.span ?? r.span) ? { span: (n.span ?? r.span) as Span } : {}),
    });
  }

  // a pre-selector restricted to one nonterminal that names a rule of another
  for (const st of statements) {
    const sym = symbolOf(st);
    if (!sym) continue;
    for (const i of RULE_POSITIONS[st.head.pred]!.positions) {
      const a = ruleArg(st.head, i);
      if (a?.kind !== 'const') continue;
      const rule = byName.get(a.name);
      if (!rule || ntOf(rule) === sym.name) continue;
      findings.push({
        code: 'grammar/other-nonterminal',
        severity: 'warning',
        message: `(${st.head.pred} ...) applies only to nodes of ${sym.name} ((symbol ?n ${sym.name})), but ${rule.name} is a rule of ${ntOf(rule)}: it never changes a weight; name a rule of ${sym.name}, or the nonterminal of ${rule.name}`,
        span: a.span,
      });
    }
  }

  // the smallest height each nonterminal can grow to, over the rules that can fire
  const heights = new Map<string, number>();
  const ntNames = [...grammar.nonterminals.values()].map((nt) => nt.name);
  for (const name of ntNames) heights.set(name, Infinity);
  const heightOf = (symbol: number) => heights.get(terms.print(symbol)) ?? 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (const nt of grammar.nonterminals.values()) {
      let best = Infinity;
      for (const r of nt.rules) {
        if (never.has(r.name)) continue;
        const h = r.children.length === 0 ? 0 : 1 + Math.max(...r.children.map((c) => heightOf(c.symbol)));
        best = Math.min(best, h);
      }
      if (best < (heights.get(nt.name) as number)) {
        heights.set(nt.name, best);
        changed = true;
      }
    }
  }
  const start = terms.print(grammar.start);
  const h = heights.get(start);
  if (h !== undefined && h > grammar.maxDepth) {
    const span = program.statements.find((st) => st.head.pred === 'start' && st.head.args.length === 1)?.span;
    findings.push({
      code: 'grammar/no-termination',
      severity: 'error',
      message:
        h === Infinity
          ? `the start symbol ${start} can never finish: every rule that can fire leads back to a nonterminal, so every tree grows until (maxdepth ${grammar.maxDepth}); add a rule without children, or stop the recursion with force`
          : `the start symbol ${start} needs a tree ${h} levels deep at least, past (maxdepth ${grammar.maxDepth}): every seed fails with generate/maxdepth; raise (maxdepth D) to ${h} or add shorter rules`,
      ...(span ? { span } : {}),
    });
  }
  return { findings, heights };
}

/** `gramlog analyze` on a tree grammar. */
export function analyzeGrammar(sources: readonly StyleSource[], options: AnalyzeOptions = {}): AnalyzeResult {
  const c0 = grammarStyle.compile(sources, options);
  const loaded = { diagnostics: [] as Diagnostic[] };
  const c = { grammar: c0.grammar, diagnostics: [...c0.diagnostics] };
  const grammar = c.grammar;
  // the compile's warnings other than an unreachable nonterminal are load findings (stderr), as for generate
  const stderr: Diagnostic[] = [...loaded.diagnostics, ...c.diagnostics.filter((d) => d.code !== 'generate/unreachable')];
  if (!grammar) return { diagnostics: stderr, analysis: undefined };
  const { findings: own, heights } = grammarFindings(grammar);
  const findings: AnalysisFinding[] = [...c.diagnostics.filter((d) => d.code === 'generate/unreachable'), ...own].sort(
    (a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) || (a.span?.offset ?? 0) - (b.span?.offset ?? 0),
  );
  const file = sources.map((s) => s.file).join(' ');
  const terms = grammar.source.terms;
  const nts = [...grammar.nonterminals.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const height = (name: string) => {
    const h = heights.get(name);
    return h === undefined || h === Infinity ? null : h;
  };
  const start = terms.print(grammar.start);
  const json: GrammarAnalysisJson = {
    file,
    kind: 'grammar',
    start,
    maxdepth: grammar.maxDepth,
    nonterminals: nts.map((nt) => ({ name: nt.name, rules: nt.rules.map((r) => r.name), height: height(nt.name) })),
    findings: findings.map((f) => ({ check: f.code, severity: f.severity, message: f.message, ...placeOf(f.span) })),
  };
  const header = [
    `${file}: tree grammar, ${nts.length} nonterminal${nts.length === 1 ? '' : 's'}, ${grammar.ruleList.length} rule${grammar.ruleList.length === 1 ? '' : 's'}, start ${start}, maxdepth ${grammar.maxDepth}`,
    ...nts.map((nt) => {
      const h = height(nt.name);
      return `  ${nt.name}: ${nt.rules.map((r) => r.name).join(', ')} (smallest subtree: ${h === null ? 'none, it never finishes' : `${h} level${h === 1 ? '' : 's'}`})`;
    }),
  ];
  const analysis: Analysis = { header, findings, notes: [], json };
  return { diagnostics: stderr, analysis };
}
