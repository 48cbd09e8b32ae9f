/**
 * The one load check of a file's reserved vocabulary, driven by its schema
 * (vocabulary-schema.ts): every style calls it, so a reserved relation is
 * checked the same way everywhere. For every statement head and every body
 * atom (also under `not` and `or`) whose name the schema reserves:
 *
 *   vocabulary/arity     used with a number of arguments no form of it takes
 *                        (`(chance forest)`): the message gives the forms
 *   vocabulary/arg-kind  an argument of the wrong kind: a name where a number
 *                        is needed, a probability outside 0..1, a constant
 *                        where a node variable is needed, a word outside the
 *                        choices (an entry may name a more specific code)
 *   vocabulary/fact-only defined by a rule where only a fact is read
 *   vocabulary/injected  an injected relation defined by the file
 *
 * and, in a second pass once the caller knows the declared names (layers,
 * rules, symbols...), a constant naming none of them (the entry's code, or
 * vocabulary/unknown-name), with "did you mean". Every finding is an error
 * located at the term that holds the mistake.
 */
import { didYouMean } from '../did-you-mean.js';
import type { Code, Diagnostic, Span } from '../errors.js';
import type { Atom, Statement, Term } from '../syntax/ast.js';
import { printLiteral, printTerm } from '../syntax/printer.js';

/** An atom as written in messages: `(graphstart)` keeps its parentheses. */
function atomText(atom: Atom): string {
  return atom.args.length === 0 ? `(${atom.pred})` : printLiteral(atom);
}
import { atomsOf } from './statements.js';
import {
  acceptsArity,
  argAt,
  entriesByName,
  entryForm,
  type ArgKind,
  type ArgSchema,
  type VocabularyEntry,
  type VocabularySchema,
} from '../vocabulary-schema.js';

export interface NameTable {
  /** The declared names of the kind. */
  names: readonly string[];
  /** The message for an unknown `name` in `(pred ...)` (the atom printed as `text`); the hint is appended. */
  message?: (pred: string, text: string, name: string) => string;
}

export interface VocabularyCheckOptions {
  /** Check arities, kinds and uses (default true). */
  structure?: boolean;
  /** Declared names per kind: a constant of that kind (outside a declaring position) must be one of them. Kinds left out are not checked by name. */
  names?: Partial<Record<ArgKind, NameTable>>;
  /** Which constants may stand in a `node` position (default: the tree grammar's node ids `n`, `n/0`, ...). */
  nodeConstant?: (name: string) => boolean;
  /** The forms of the compound terms in `item` positions (e.g. rewrite items). */
  items?: VocabularySchema;
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const NODE_ID = /^n(\/\d+)*$|^@\d+$/;

/** Every finding of `statements` against `schema`, in source order. */
export function checkVocabulary(statements: readonly Statement[], schema: VocabularySchema, options: VocabularyCheckOptions = {}): Diagnostic[] {
  const forms = entriesByName(schema);
  const itemForms = options.items ? entriesByName(options.items) : undefined;
  const out: Diagnostic[] = [];
  for (const st of statements) {
    checkAtom(st.head, st.isRule || st.body.length > 0 ? 'rule-head' : 'fact');
    for (const a of atomsOf(st.body)) checkAtom(a, 'body');
  }
  return out;

  function checkAtom(atom: Atom, place: 'fact' | 'rule-head' | 'body'): void {
    const entries = forms.get(atom.pred);
    if (!entries) return;
    const text = () => atomText(atom);
    const entry = matchForm(entries, atom.args.length, atom.span, text, atom.pred);
    if (!entry) return;
    if (options.structure !== false) {
      if (entry.use === 'injected' && place !== 'body') {
        out.push(error('vocabulary/injected', `${text()}: ${atom.pred} is provided by gramlog (${entry.doc.replace(/\.$/, '')}); a file may read it but not define it`, atom.span));
      } else if (entry.use === 'fact' && place === 'rule-head') {
        out.push(error('vocabulary/fact-only', `(${atom.pred} ...) is read from the file's facts only, so this rule would be ignored: write ${entryForm(entry)} as a fact`, atom.predSpan));
      }
    }
    checkArgs(atom.pred, text, atom.args, entry);
  }

  function matchForm(entries: VocabularyEntry[], n: number, span: Span, text: () => string, pred: string): VocabularyEntry | undefined {
    const entry = entries.find((e) => acceptsArity(e, n));
    if (!entry && options.structure !== false) {
      const expected = entries.map(entryForm).join(' or ');
      out.push(error('vocabulary/arity', `${text()} has ${n} argument${n === 1 ? '' : 's'}, but ${pred} is written ${expected}`, span));
    }
    return entry;
  }

  function checkArgs(pred: string, text: () => string, args: readonly Term[], entry: VocabularyEntry): void {
    args.forEach((t, i) => {
      const arg = argAt(entry, i) as ArgSchema;
      if (options.structure !== false) {
        const problem = kindProblem(t, arg);
        if (problem) {
          out.push(error(arg.code ?? 'vocabulary/arg-kind', `${text()}: ${arg.name} must be ${problem}, not ${printTerm(t)}; ${pred} is written ${entryForm(entry)}`, t.span));
          return;
        }
        if (arg.kind === 'item' && t.kind === 'compound' && itemForms) {
          const itemEntries = itemForms.get(t.functor);
          if (itemEntries) {
            const itemText = () => printTerm(t);
            const item = matchForm(itemEntries, t.args.length, t.span, itemText, t.functor);
            if (item) checkArgs(t.functor, itemText, t.args, item);
          }
        }
      }
      const table = options.names?.[arg.kind];
      if (!table || arg.declares || (t.kind !== 'const' && t.kind !== 'str')) return;
      const name = printTerm(t);
      if (table.names.includes(name)) return;
      const hint = didYouMean(name, table.names);
      const message = table.message ? table.message(pred, text(), name) : `${text()} names ${name}, which is no declared ${arg.kind}`;
      out.push(error(arg.code ?? 'vocabulary/unknown-name', message + hint, t.span));
    });
  }

  /** What `t` should be when it is not what `arg` takes, else undefined. */
  function kindProblem(t: Term, arg: ArgSchema): string | undefined {
    if (t.kind === 'var') return undefined;
    const isNumber = t.kind === 'const' && NUMBER.test(t.name);
    switch (arg.kind) {
      case 'number':
        return isNumber ? undefined : 'a number';
      case 'integer':
        return isNumber && Number.isInteger(Number((t as { name: string }).name)) ? undefined : 'a whole number';
      case 'probability': {
        const v = isNumber ? Number((t as { name: string }).name) : NaN;
        return v >= 0 && v <= 1 ? undefined : 'a probability from 0 to 1';
      }
      case 'node':
        return t.kind === 'const' && (options.nodeConstant ?? ((s: string) => NODE_ID.test(s)))(t.name) ? undefined : 'a node variable (?n)';
      case 'choice':
        return t.kind === 'const' && arg.values?.includes(t.name) ? undefined : (arg.values ?? []).join(' or ');
      case 'layer':
      case 'name':
        return (t.kind === 'const' && !isNumber) || t.kind === 'str' ? undefined : `a ${arg.kind === 'layer' ? 'layer name' : 'name'}`;
      case 'item':
        return t.kind === 'compound' ? undefined : 'an item (node ?v LABEL), (keep ?v), (edge ?a ?b LABEL), (head ?new ?old) or (tail ?new ?old)';
      default:
        return undefined;
    }
  }
}

function error(code: Code, message: string, span: Span): Diagnostic {
  return { code, severity: 'error', message, span };
}

/**
 * The names the statements declare for each kind: the constants at the
 * schema's declaring positions of facts and rule heads. A kind with a
 * variable (or a compound) at a declaring position is left out: its names
 * are known only after evaluation.
 */
export function declaredNames(statements: readonly Statement[], schema: VocabularySchema): Partial<Record<ArgKind, string[]>> {
  const forms = entriesByName(schema);
  const names: Partial<Record<ArgKind, Set<string>>> = {};
  const open = new Set<ArgKind>();
  for (const st of statements) {
    const entry = forms.get(st.head.pred)?.find((e) => acceptsArity(e, st.head.args.length));
    if (!entry) continue;
    st.head.args.forEach((t, i) => {
      const arg = argAt(entry, i);
      if (!arg?.declares) return;
      if (t.kind === 'const' || t.kind === 'str') (names[arg.kind] ??= new Set()).add(printTerm(t));
      else open.add(arg.kind);
    });
  }
  const out: Partial<Record<ArgKind, string[]>> = {};
  for (const [kind, set] of Object.entries(names) as Array<[ArgKind, Set<string>]>) if (!open.has(kind)) out[kind] = [...set];
  return out;
}
