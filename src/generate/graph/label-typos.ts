/**
 * A .gdl graph grammar's labels made but never read, one small edit from a
 * label that is read (a rewrite's `(edge ?a ?b nxt)` beside queries of
 * `(edge ?x ?y next)`): no rule will ever match the edge as meant, and
 * nothing said so. A warning (graph/unread-label) at the label, with "did you
 * mean". Labels made and never read otherwise are the artifact's own (for
 * display) and are left alone, as are labels of fewer than 3 characters and
 * a kind (node, edge) some body reads with a variable or compound label,
 * which may match anything. A graphgram JSON grammar gets the same check
 * (compile-json.ts: its RHS labels against its LHS labels), through labelTypos.
 */
import { closestNames } from '../../did-you-mean.js';
import type { Diagnostic, Span } from '../../errors.js';
import type { Literal, Statement, Term } from '../../syntax/ast.js';

export type Kind = 'node' | 'edge';
/** Shorter labels (s, t, a1) are one edit from too many others to call one a typo. */
const MIN_LENGTH = 3;
/** The argument holding the label, per kind: (node ?v L), (edge ?a ?b L). */
const LABEL_ARG: Record<Kind, number> = { node: 1, edge: 2 };

function labelOf(t: Term | undefined): string | undefined {
  return t?.kind === 'const' ? t.name : t?.kind === 'str' ? t.value : undefined;
}

function kindOf(pred: string, arity: number): Kind | undefined {
  if (pred === 'node' && arity === 2) return 'node';
  if (pred === 'edge' && arity === 3) return 'edge';
  return undefined;
}

/** Note the labels the bodies of `statements` read (exactly, or `open`: with a variable or compound). */
export function noteBodyReads(statements: readonly Statement[], read: Record<Kind, Set<string>>, open: Record<Kind, boolean>): void {
  const visit = (lit: Literal): void => {
    if (lit.kind === 'not') visit(lit.body);
    else if (lit.kind === 'or') lit.disjuncts.forEach(visit);
    else if (lit.kind === 'atom') {
      const k = kindOf(lit.pred, lit.args.length);
      if (!k) return;
      const label = labelOf(lit.args[LABEL_ARG[k]]);
      if (label === undefined) open[k] = true;
      else read[k].add(label);
    }
  };
  for (const st of statements) st.body.forEach(visit);
}

export function unreadLabels(statements: readonly Statement[]): Diagnostic[] {
  const read: Record<Kind, Set<string>> = { node: new Set(), edge: new Set() };
  const open: Record<Kind, boolean> = { node: false, edge: false };
  noteBodyReads(statements, read, open);
  const made: Array<{ kind: Kind; label: string; span: Span }> = [];
  for (const st of statements) {
    if (st.head.pred !== 'rewrite') continue;
    for (const item of st.head.args.slice(1)) {
      if (item.kind !== 'compound') continue;
      const k = kindOf(item.functor, item.args.length);
      const t = k ? item.args[LABEL_ARG[k]] : undefined;
      const label = labelOf(t);
      if (k && t && label !== undefined) made.push({ kind: k, label, span: t.span });
    }
  }
  return labelTypos(made, read, open);
}

/** What a grammar makes and reads, by kind (node, edge), whichever format it is written in. */
export interface LabelUse {
  /** Labels the rules make, where (a rewrite's argument, a JSON RHS label). */
  made: ReadonlyArray<{ kind: Kind; label: string; span: Span | undefined | (() => Span | undefined) }>;
  /** Labels some rule matches exactly. */
  read: Readonly<Record<Kind, ReadonlySet<string>>>;
  /** Kinds some rule matches with a variable, a pattern or no label at all (which may match anything). */
  open: Readonly<Record<Kind, boolean>>;
}

/** The made labels no rule reads, one small edit from a read one: a warning each (graph/unread-label). */
export function labelTypos(made: LabelUse['made'], read: LabelUse['read'], open: LabelUse['open']): Diagnostic[] {
  const out: Diagnostic[] = [];
  const said = new Set<string>();
  for (const m of made) {
    if (m.label.length < MIN_LENGTH || open[m.kind] || read[m.kind].has(m.label) || said.has(`${m.kind} ${m.label}`)) continue;
    const near = closestNames(m.label, read[m.kind]);
    if (near.length === 0) continue;
    said.add(`${m.kind} ${m.label}`);
    out.push({
      code: 'graph/unread-label',
      severity: 'warning',
      message: `this rewrite makes ${m.kind === 'node' ? 'a node' : 'an edge'} labelled ${m.label}, which no rule reads, while rules read ${near.map((n) => `'${n}'`).join(' or ')}: did you mean ${near.map((n) => `'${n}'`).join(' or ')}?`,
      ...spanOf(m.span),
    });
  }
  return out;
}

/** A made label's span, found only for a finding (a JSON path is located on demand). */
function spanOf(span: Span | undefined | (() => Span | undefined)): { span?: Span } {
  const at = typeof span === 'function' ? span() : span;
  return at ? { span: at } : {};
}
