/**
 * A layer program made ready to generate: params applied, the vocabulary read,
 * and the load-time checks done, each an error naming what to fix:
 *
 * - the program has no errors, declares at least one layer, and defines no
 *   `placed` fact or rule (generation produces `placed`);
 * - `layer`, `between` and `onviolation` do not depend on `placed`;
 * - no layer reads a layer of equal or higher order, and no layers read each
 *   other in a cycle (order-check.ts);
 * - every layer name written as a constant is declared (layer-names.ts), and
 *   every param a rule reads is declared (params.ts).
 *
 * Prepared grammars are cached per program and params, so generating many
 * seeds (as `gramlog check` does) checks the file once.
 */
import { violationNeverFires } from '../violations.js';
import { GramlogError, throwIfErrors, type Diagnostic } from '../../errors.js';
import { evaluate } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import type { Program } from '../../program/program.js';
import { dynamicRelations } from './dynamic.js';
import type { LayerFinding } from './findings.js';
import { checkLayerOrder } from './order-check.js';
import { orderProvedByRuleText } from './order-bound.js';
import { applyParams, throwFirst, undeclaredParamReads, type Params } from '../params.js';
import { unknownLayerNames } from './layer-names.js';
import { checkVocabulary } from '../vocabulary-check.js';
import { LAYERS_SCHEMA } from './schema.js';
import { analyzeReads, type ReadAnalysis } from './reads.js';
import { DECLARATIONS, readDeclarations, spanOf, type LayerDecl } from './vocabulary.js';

export interface LayerGrammar {
  /** The program generation evaluates (with params applied). */
  program: Program;
  /** Layers in generation order. */
  layers: LayerDecl[];
  /** The model with nothing placed. */
  base: Model;
  /** Relation id of placed/2. */
  placedRel: number;
  /** The possibility model and the reads found in it, evaluated when first read (it is per site). */
  readonly reads: ReadAnalysis;
  /** Warnings found at load: a violation rule that can never fire. */
  warnings: Diagnostic[];
}

export interface PrepareOptions {
  params?: Params;
}

/** True when the program declares layers (it has `layer/2` facts or rules). */
export function isLayerProgram(program: Program): boolean {
  return program.findRelation('layer', 2) !== undefined;
}

const cache = new WeakMap<Program, Map<string, LayerGrammar>>();

/** The checks that need no evaluation of the read graph; throws on the first problem. */
export function checkVocabularyUse(program: Program): void {
  throwIfErrors(program.diagnostics);
  const placed = program.findRelation('placed', 2);
  if (placed) {
    const fact = program.facts.find((f) => f.rel === placed.id);
    const rule = program.rules.find((r) => r.head.rel === placed.id);
    const span = fact ? program.statements[fact.statement]?.span : rule?.span;
    if (span) {
      throw new GramlogError('layers/placed-defined', '(placed NAME KEY) is produced by generation; a layer file may read it but not define it', span);
    }
  }
  // arities, argument kinds, facts and injected relations, from the schema
  throwIfErrors(checkVocabulary(program.statements, LAYERS_SCHEMA));
  const dynamic = dynamicRelations(program);
  for (const [name, arity] of DECLARATIONS) {
    const info = program.findRelation(name, arity);
    if (!info || !dynamic.has(info.id)) continue;
    throw new GramlogError(
      'layers/dynamic-declaration',
      `(${name} ...) depends on placed: layer declarations must be the same in every outcome`,
      spanOf(program, name, arity),
    );
  }
}

/**
 * Read and check a layer program without throwing on order problems: the
 * grammar, and the forward-reference and cycle findings (empty when sound).
 * Throws on every other problem.
 */
export function inspectLayers(program: Program): { grammar: LayerGrammar; order: LayerFinding[] } {
  checkVocabularyUse(program);
  throwFirst(undeclaredParamReads(program));
  const placedRel = program.relationId('placed', 2);
  const base = evaluate(program);
  const layers = readDeclarations(program, base);
  if (layers.length === 0) {
    // say what the file is when it is another kind the same commands take
    const other = program.findRelation('role', 1)
      ? ' (it has role facts: a GDL game, which gramlog validate checks)'
      : program.findRelation('start', 1) && program.findRelation('rule', 3)
        ? ' (it has start and rule facts: a tree grammar, which gramlog generate runs and gramlog check tests)'
        : '';
    throw new GramlogError('layers/none', `the file declares no layer: add (layer NAME ORDER) facts${other}`, spanOf(program, 'layer', 2));
  }
  throwFirst(unknownLayerNames(program, layers.map((l) => l.name)));
  const warnings = violationNeverFires(program, { placed: 2 });
  // the possibility model (per site) is evaluated when something reads it: the order check
  // needs it only when the rule text cannot prove the order (order-bound.ts)
  let reads: ReadAnalysis | undefined;
  const grammar: LayerGrammar = {
    program,
    layers,
    base,
    placedRel,
    get reads(): ReadAnalysis {
      return (reads ??= analyzeReads(program, layers, base));
    },
    warnings,
  };
  return { grammar, order: orderProvedByRuleText(program, layers) ? [] : checkLayerOrder(program, layers, grammar.reads.reads) };
}

/** Read, check and cache a layer program; throws a GramlogError on any problem. */
export function prepareLayers(input: Program, options: PrepareOptions = {}): LayerGrammar {
  const key = JSON.stringify(Object.entries(options.params ?? {}).sort());
  let perProgram = cache.get(input);
  const hit = perProgram?.get(key);
  if (hit) return hit;
  const { grammar, order } = inspectLayers(applyParams(input, options.params));
  const first = order[0];
  if (first) {
    const diagnostics: Diagnostic[] = order.map((f) => ({ code: f.code, severity: 'error', message: f.message, ...(f.span ? { span: f.span } : {}) }));
    throw new GramlogError(first.code, first.message, first.span, diagnostics);
  }
  if (!perProgram) {
    perProgram = new Map();
    cache.set(input, perProgram);
  }
  perProgram.set(key, grammar);
  return grammar;
}
