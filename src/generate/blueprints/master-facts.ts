/**
 * A master as Datalog facts, for `violation` rules (`gramlog master`, `gramlog
 * check --blueprint`) and for grammar params (`gramlog generate --blueprint`).
 *
 *   (master ID BLUEPRINT)   each master in the tree; the top one is `root`, a
 *                           nested one is named by its path: root/leader, root/members/0
 *   (isa ID B)              B is the blueprint or one of its ancestors
 *   (madeby ID F) (modded ID I M) how a factory made it: mod M applied I-th (from 0)
 *   (prop ID KEY VALUE)     a number or string property, or the ID of a nested master
 *   (elem ID KEY I VALUE)   the I-th element of a list property (a value or a master's ID)
 *
 * The library's facts and rules (facts.ts: keyword, ancestor, ...) are loaded with them
 * (hence madeby and modded: the library's (factory F) and (mod M) have one argument).
 */
import { GramlogError, type Diagnostic } from '../../errors.js';
import { evaluate } from '../../engine/index.js';
import { buildProgram, type Program } from '../../program/program.js';
import { formatNumber, quoteString } from '../../program/terms.js';
import { parse } from '../../syntax/parser.js';
import type { SyntaxTree } from '../../syntax/ast.js';
import { NO_VIOLATIONS, violationNeverFires, violationsOf, type Violations } from '../violations.js';
import type { Library } from './library.js';
import { atUserText, FACTS_FILE, kifName } from './facts.js';
import { isMaster, type Master, type Value } from './master.js';

function scalarText(v: number | string): string {
  return typeof v === 'number' ? formatNumber(v) : quoteString(v);
}

/** The facts of a master, as KIF text, one a line. */
export function masterFactsText(library: Library, m: Master): string {
  const lines: string[] = [];
  const visit = (node: Master, id: string): void => {
    lines.push(`(master ${id} ${kifName(node.blueprint)})`);
    for (let d = library.definitions.get(node.blueprint); d; d = d.parent) lines.push(`(isa ${id} ${kifName(d.name)})`);
    if (node.factory !== undefined) lines.push(`(madeby ${id} ${kifName(node.factory)})`);
    (node.mods ?? []).forEach((mod, i) => lines.push(`(modded ${id} ${i} ${kifName(mod)})`));
    for (const [key, v] of Object.entries(node.properties)) {
      const one = (x: Value, path: string): string => {
        if (typeof x === 'number' || typeof x === 'string') return scalarText(x);
        if (isMaster(x)) {
          visit(x, path);
          return path;
        }
        return quoteString(`list of ${(x as readonly Value[]).length}`);
      };
      if (Array.isArray(v)) {
        (v as readonly Value[]).forEach((x, i) => lines.push(`(elem ${id} ${kifName(key)} ${i} ${one(x, kifName(`${id}/${key}/${i}`))})`));
      } else lines.push(`(prop ${id} ${kifName(key)} ${one(v, kifName(`${id}/${key}`))})`);
    }
  };
  visit(m, 'root');
  return lines.join('\n') + '\n';
}

/** The scalar (number or string) top-level properties of a master, as `(param KEY VALUE)` term text. */
export function scalarParams(m: Master): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(m.properties)) if (typeof v === 'number' || typeof v === 'string') out.push([k, scalarText(v)]);
  return out;
}

/** Rules to run over masters: the library's facts and the rule files' trees, parsed once. */
export interface MasterRules {
  readonly library: Library;
  readonly trees: readonly SyntaxTree[];
  /** Whether any rule file defines `violation`. */
  readonly hasViolations: boolean;
  /** The most facts one master's evaluation may derive (engine/limit beyond; default the engine's). */
  readonly maxFacts?: number;
  /** The engine's other budgets for the rules (ProgramOptions maxWork and deadline). */
  readonly engine?: { maxWork?: number; deadline?: number };
}

export function masterRules(library: Library, ruleTrees: readonly SyntaxTree[], options: { maxFacts?: number; maxWork?: number; deadline?: number } = {}): MasterRules {
  const trees = [atUserText(FACTS_FILE, library.factsSpans, library.factsFallback, () => parse(library.factsText, { file: FACTS_FILE })), ...ruleTrees];
  const hasViolations = ruleTrees.some((t) => t.statements.some((s) => s.head.pred === 'violation'));
  const engine = { ...(options.maxWork !== undefined ? { maxWork: options.maxWork } : {}), ...(options.deadline !== undefined ? { deadline: options.deadline } : {}) };
  return { library, trees, hasViolations, engine, ...(options.maxFacts !== undefined ? { maxFacts: options.maxFacts } : {}) };
}

/** The program of a master: library facts, the master's facts and the rules. */
export function masterProgram(rules: MasterRules, m: Master): Program {
  return inUserText(rules, m, () => {
    const facts = parse(masterFactsText(rules.library, m), { file: MASTER_FILE });
    const program = buildProgram([...rules.trees, facts], { ...rules.engine, ...(rules.maxFacts !== undefined ? { maxFacts: rules.maxFacts } : {}) });
    const errors = program.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      const first = errors[0] as (typeof errors)[number];
      throw new GramlogError(first.code, first.message, first.span, errors);
    }
    return program;
  });
}

const MASTER_FILE = '<master facts>';

/** Run work on a master's program: an error in generated text points at the library (the master's blueprint for its own facts). */
function inUserText<T>(rules: MasterRules, m: Master, work: () => T): T {
  const lib = rules.library;
  const own = lib.definitions.get(m.blueprint)?.block.nameSpan;
  return atUserText(FACTS_FILE, lib.factsSpans, lib.factsFallback, () => atUserText(MASTER_FILE, [], own, work));
}

/** The `(violation ...)` facts a master derives under the rules. */
export function masterViolations(rules: MasterRules, m: Master): Violations {
  if (!rules.hasViolations) return NO_VIOLATIONS;
  const program = masterProgram(rules, m);
  return inUserText(rules, m, () => violationsOf(evaluate(program)));
}

/** The relations a master provides to `violation` rules (beside the library's facts and rules). */
const MASTER_RELATIONS = { master: 2, isa: 2, madeby: 2, modded: 3, prop: 3, elem: 4 };

/** Warnings for `violation` rules that can never fire: they read a relation neither the library, the rules nor a master defines. */
export function masterRuleWarnings(rules: MasterRules): Diagnostic[] {
  if (!rules.hasViolations) return [];
  return violationNeverFires(buildProgram([...rules.trees]), MASTER_RELATIONS);
}
