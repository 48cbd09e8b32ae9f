/**
 * What a rule file declares for checking:
 *
 *   (paramrange KEY LO HI)      an integer parameter checking may vary: the
 *                               value of `(param KEY ...)` in a run is drawn
 *                               from LO..HI (inclusive). The file must also set
 *                               a default with a `(param KEY VALUE)` fact.
 *   (<= (violation NAME ARGS...) ...)
 *                               any derived `violation` fact in a generated
 *                               artifact is a failure of property NAME.
 */
import { GramlogError, type Span } from '../errors.js';
import type { Program } from '../program/program.js';
import { paramKeys } from '../generate/params.js';
import { KIND_COMPOUND } from '../program/terms.js';
import type { Term } from '../syntax/ast.js';
import { printTerm } from '../syntax/printer.js';

export interface ParamRange {
  /** The KEY as canonical text. */
  key: string;
  lo: number;
  hi: number;
  /** Where the range is declared (absent for ranges given in code). */
  span?: Span;
}

/** Every `(paramrange KEY LO HI)` fact, sorted by key; throws a GramlogError on a malformed one. */
export function paramRanges(program: Program): ParamRange[] {
  const rel = program.findRelation('paramrange', 3);
  if (!rel) return [];
  const rule = program.rules.find((r) => r.head.rel === rel.id);
  if (rule) throw new GramlogError('check/paramrange', '(paramrange KEY LO HI) must be written as facts, not derived by a rule', rule.span);
  const defaults = new Set(paramKeys(program));
  const out = new Map<string, ParamRange>();
  for (const fact of program.facts) {
    if (fact.rel !== rel.id) continue;
    const span = program.statements[fact.statement]?.span;
    const [k, l, h] = fact.tuple as [number, number, number];
    const terms = program.terms;
    const at = `(paramrange ${terms.print(k)} ${terms.print(l)} ${terms.print(h)})`;
    if (terms.kind(k) === KIND_COMPOUND) throw new GramlogError('check/paramrange', `${at}: KEY must be a name`, span);
    const lo = terms.numberValue(l);
    const hi = terms.numberValue(h);
    if (lo === undefined || hi === undefined || !Number.isSafeInteger(lo) || !Number.isSafeInteger(hi)) {
      throw new GramlogError('check/paramrange', `${at}: LO and HI must be whole numbers`, span);
    }
    if (lo > hi) throw new GramlogError('check/paramrange', `${at}: LO is greater than HI`, span);
    const key = terms.print(k);
    if (out.has(key)) throw new GramlogError('check/paramrange', `${at}: the range of ${key} is declared twice`, span);
    if (!defaults.has(key)) {
      throw new GramlogError('check/paramrange', `${at}: the file sets no default for ${key}: add a (param ${key} VALUE) fact`, span);
    }
    out.set(key, { key, lo, hi, ...(span ? { span } : {}) });
  }
  return [...out.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The property names the file's `violation` rules and facts declare: the first
 * argument when it is written as a constant, `?` when it is a variable, and
 * `violation` for a `violation` atom without arguments. Sorted, unique.
 */
export function propertyNames(program: Program): string[] {
  const names = new Set<string>();
  for (const st of program.statements) {
    if (st.head.pred !== 'violation') continue;
    const first = st.head.args[0];
    names.add(first === undefined ? 'violation' : first.kind === 'var' ? '?' : printTerm(first));
  }
  return [...names].sort();
}
