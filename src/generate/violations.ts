/**
 * `(violation NAME ARGS...)` facts of a generated artifact's model, the same
 * for every generation style: `gramlog generate` prints them with the
 * artifact (and exits 1), `gramlog check` searches for them.
 */
import { didYouMean } from '../did-you-mean.js';
import type { Model } from '../engine/model.js';
import { ruleDeriving } from '../engine/provenance.js';
import type { Diagnostic, Span } from '../errors.js';
import { isBuiltinName } from '../program/builtins.js';
import type { Atom, Literal } from '../syntax/ast.js';
import { printLiteral } from '../syntax/printer.js';
import { printAtom } from '../program/order.js';
import type { Program } from '../program/program.js';

/** Where a rule is written (1-based line and column): what a listing names for the fact it derived. */
export interface RuleAt {
  file: string;
  line: number;
  col: number;
}

export interface Violations {
  /** `(violation ...)` facts, canonical text, sorted by arity then canonically. */
  facts: string[];
  /** The property names they fail: each fact's first argument (`violation` when it has none), sorted, unique. */
  properties: string[];
  /**
   * Where the rule that derived each fact is written, by index (undefined
   * for a fact no rule derived, e.g. a generation error's): found from the
   * artifact's model on the first call, so whoever prints no listing pays
   * nothing.
   */
  rules(): ReadonlyArray<RuleAt | undefined>;
}

/** What a listing reads of Violations: the facts and their rules. */
export type ViolationListing = Pick<Violations, 'facts' | 'rules'>;

const NO_RULES: ReadonlyArray<RuleAt | undefined> = Object.freeze([]);
/** The rules of no facts, one function for all (so equal Violations without facts compare equal). */
const noRules = (): ReadonlyArray<RuleAt | undefined> => NO_RULES;

/** No violations, shared: its arrays are frozen (violationsOf gives each model arrays of its own). */
export const NO_VIOLATIONS: Violations = Object.freeze({ facts: Object.freeze([]) as unknown as string[], properties: Object.freeze([]) as unknown as string[], rules: noRules });

/** Facts alone (their rules unknown, as the API's formatters take them) or a listing, as a listing. */
export function asListing(v: readonly string[] | ViolationListing): ViolationListing {
  return Array.isArray(v) ? violationList(v as readonly string[]) : (v as ViolationListing);
}

/** The JSON keys of a listing (none when it has no facts). */
export interface ViolationsJson {
  /** The facts, canonical text. */
  violations?: string[];
  /** Where the rule that derived each fact is written, by index; null for a fact no rule derived. */
  violationRules?: Array<RuleAt | null>;
}

/**
 * A listing as JSON keys: `"violations"` (the facts) and, beside them,
 * `"violationRules"`, where the rule that derived each is written
 * (`{"file","line","col"}`, null when none did); no key when there are no
 * facts, so an artifact without violations pays nothing.
 */
export function violationsJson(v: readonly string[] | ViolationListing): ViolationsJson {
  const listing = asListing(v);
  if (listing.facts.length === 0) return {};
  return { violations: [...listing.facts], violationRules: ruleLocations(listing.facts, listing.rules()) };
}

/** `"violationRules"` of the facts: where the rule that derived each is written, null where none is known. */
export function ruleLocations(facts: readonly string[], rules: ReadonlyArray<RuleAt | undefined> = NO_RULES): Array<RuleAt | null> {
  return facts.map((_, i) => rules[i] ?? null);
}

/** Facts known without their model (a generation error's fact, a list read back), with the rules when known. */
export function violationList(facts: readonly string[], rules: ReadonlyArray<RuleAt | undefined> = NO_RULES): ViolationListing {
  return { facts: facts as string[], rules: () => rules };
}

/** Whether the program has a `violation` relation of any arity (else an artifact can derive none). */
export function hasViolationRules(program: Program): boolean {
  return program.relations.some((r) => r.name === 'violation');
}

/** The relation ids of `violation`, any arity, by arity. */
export function violationRelations(program: Program): number[] {
  return program
    .relationsNamed('violation')
    .sort((a, b) => a.arity - b.arity)
    .map((r) => r.id);
}

/** Every `(violation ...)` fact of a model (any arity) and the properties they fail. */
export function violationsOf(model: Model): Violations {
  const program = model.program;
  const facts: string[] = [];
  const derived: Array<[number, number[]]> = [];
  const properties = new Set<string>();
  for (const info of program.relationsNamed('violation').sort((a, b) => a.arity - b.arity)) {
    for (const t of model.tuples(info.name, info.arity)) {
      facts.push(printAtom(program.terms, info.name, t));
      derived.push([info.id, t]);
      properties.add(t.length > 0 ? program.terms.print(t[0] as number) : 'violation');
    }
  }
  if (facts.length === 0) return { facts, properties: [], rules: noRules };
  let rules: Array<RuleAt | undefined> | undefined;
  return { facts, properties: [...properties].sort(), rules: () => (rules ??= derived.map(([rel, t]) => ruleAt(ruleDeriving(model, rel, t)?.span))) };
}

/** A rule's span as a RuleAt (undefined stays undefined). */
export function ruleAt(span: Span | undefined): RuleAt | undefined {
  return span ? { file: span.file, line: span.line, col: span.column } : undefined;
}

/**
 * The text block printed after an artifact: `violations (N):` and one
 * indented fact a line (nothing when none), each followed, when its rule is
 * known (Violations.rules), by a GDL comment naming the rule that derived it
 * (`; rule FILE:LINE`), so the line still reads as the fact.
 */
export function violationLines(v: ViolationListing): string[] {
  return v.facts.length === 0 ? [] : [`violations (${v.facts.length}):`, ...v.facts.map((_, i) => violationLine(v, i))];
}

/** Fact `i` of `v` as a listing's indented line, with the rule that derived it when known (see violationLines). */
export function violationLine(v: ViolationListing, i: number): string {
  const rule = v.rules()[i];
  return rule ? `  ${v.facts[i]}  ; rule ${rule.file}:${rule.line}` : `  ${v.facts[i]}`;
}

/** Each fact as a listing shows it, unindented: `(violation p a)  ; rule d.gdl:3` (the playground's lists). */
export function violationTexts(v: ViolationListing): string[] {
  return v.facts.map((_, i) => violationLine(v, i).slice(2));
}

/** Text ending in a newline, then (when there are facts) a blank line and the violations block. */
export function appendViolations(text: string, v: ViolationListing): string {
  return v.facts.length === 0 ? text : text + ['', ...violationLines(v)].join('\n') + '\n';
}

/**
 * Warnings for `violation` rules that can never fire: a rule whose body reads
 * (positively) a relation that no fact or rule of the program defines and
 * that generation does not provide (`provided`: name → arity, e.g. the
 * artifact's facts), so the property it states is never checked. With "did
 * you mean" from the relations the rule could read.
 */
export function violationNeverFires(program: Program, provided: Readonly<Record<string, number>>): Diagnostic[] {
  const defined = new Set<string>();
  for (const st of program.statements) defined.add(`${st.head.pred}/${st.head.args.length}`);
  for (const [name, arity] of Object.entries(provided)) defined.add(`${name}/${arity}`);
  const names = [...[...defined].map((k) => k.slice(0, k.lastIndexOf('/'))), 'distinct', 'not', 'or'];
  const out: Diagnostic[] = [];
  for (const st of program.statements) {
    if (st.head.pred !== 'violation' || !st.isRule) continue;
    const missing = positiveAtoms(st.body).find(
      (a) => !(program.options.builtins && isBuiltinName(a.pred)) && !defined.has(`${a.pred}/${a.args.length}`),
    );
    if (!missing) continue;
    const arity = missing.args.length;
    const others = program.relationsNamed(missing.pred).filter((r) => defined.has(`${r.name}/${r.arity}`));
    const why =
      others.length > 0
        ? `${missing.pred} is defined with ${others.map((r) => r.arity).join(' or ')} argument(s), not ${arity}`
        : `no fact or rule defines ${missing.pred}/${arity}${didYouMean(missing.pred, names)}`;
    out.push({
      code: 'generate/violation-never',
      severity: 'warning',
      message: `this violation rule can never fire: it reads ${printLiteral(missing)}, and ${why}`,
      span: missing.span,
    });
  }
  return out;
}

function positiveAtoms(lits: readonly Literal[], out: Atom[] = []): Atom[] {
  for (const l of lits) {
    if (l.kind === 'atom') out.push(l);
    else if (l.kind === 'or' && l.disjuncts.length === 1) positiveAtoms(l.disjuncts, out);
  }
  return out;
}
