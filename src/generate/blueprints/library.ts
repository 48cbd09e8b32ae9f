/**
 * A compiled blueprint library: every @blueprint, @mod and @factory of one or
 * more files, with inheritance resolved, and every domain set the library
 * uses computed once, as a query over the library held as facts (facts.ts)
 * evaluated by the engine. A library is immutable once compiled.
 *
 * Errors (GramlogErrors with spans):
 *   blueprint/duplicate         two definitions of one name (blueprints and mods share names;
 *                               factories are {NAME})
 *   blueprint/unknown-parent    `@blueprint X : P` where P is no blueprint (did you mean ...)
 *   blueprint/inheritance-cycle a blueprint is its own ancestor
 *   blueprint/reserved          a name that is an operator (rand, pickOne, ...)
 */
import { GramlogError, type Span } from '../../errors.js';
import { evaluate } from '../../engine/index.js';
import { loadProgram } from '../../program/load.js';
import { throwIfErrors } from '../../errors.js';
import { MODS, OPERATORS, type Block, type BlueprintFile, type Expr, type FunctionDecl, type PropertyDecl } from './ast.js';
import { atUserText, FACTS_FILE, libraryFactsText, ownDomains, setKey } from './facts.js';
import type { BlueprintSource, Definition, Library } from './types.js';
import { parseBlueprintFile } from './parse.js';
import { didYouMean } from '../../did-you-mean.js';

const RESERVED: ReadonlySet<string> = new Set(OPERATORS);

/** The most ancestors a blueprint may have (its chain of parents). */
export const MAX_INHERITANCE = 500;

/** Parse and compile one or more blueprint files into a library. Throws a GramlogError on any error. */
export function parseBlueprints(text: string | readonly BlueprintSource[], options: { file?: string } = {}): Library {
  const sources = typeof text === 'string' ? [{ text, file: options.file ?? '<input>' }] : text;
  return compileLibrary(sources.map((s) => parseBlueprintFile(s.text, s.file)));
}

export function definitionKey(name: string, factory: boolean): string {
  return factory ? `{${name}}` : name;
}

/** Every Expr inside `e` (itself included), depth first. */
export function* walkExpr(e: Expr): Generator<Expr> {
  yield e;
  if (e.kind === 'list') for (const i of e.items) yield* walkExpr(i);
  else if (e.kind === 'call') for (const a of e.args) yield* walkExpr(a);
}

/** The expressions of a block: properties, function bodies, substitute, modlist. */
export function blockExprs(b: Block): Expr[] {
  const out = [...b.properties.map((p) => p.expr), ...b.functions.map((f) => f.body)];
  if (b.substitute) out.push(b.substitute);
  if (b.modlist) out.push(b.modlist);
  return out;
}

export function compileLibrary(files: readonly BlueprintFile[]): Library {
  const blocks = collectBlocks(files);
  const defs = defineAll(blocks);
  const functionNames = functionNamesOf(blocks);
  const sorted = new Map([...defs.entries()].sort((a, b) => a[1].index - b[1].index));

  // Every domain set the library uses, computed at once by one evaluation.
  const used = new Map<string, { domain: string; include: string[]; exclude: string[] }>();
  for (const b of blocks.values()) {
    for (const e of blockExprs(b)) for (const x of walkExpr(e)) if (x.kind === 'set') used.set(setKey(x.domain, x.include, x.exclude), x);
  }
  const memo = new Map<string, readonly string[]>();
  const fallback = deepestName(sorted);
  const computeSets = (wanted: readonly DomainSet[]) => computeDomainSets(sorted, wanted, fallback, memo);
  computeSets([...used.values()]);
  const factsSpans: Array<Span | undefined> = [];
  const factsText = libraryFactsText(sorted, [...used.values()], factsSpans);
  return Object.freeze({
    files,
    definitions: sorted,
    functionNames,
    sets: memo,
    factsText,
    factsSpans,
    factsFallback: fallback,
    members(domain: string, include: readonly string[], exclude: readonly string[]): readonly string[] {
      const k = setKey(domain, include, exclude);
      const hit = memo.get(k);
      if (hit) return hit;
      computeSets([{ domain, include, exclude }]);
      return memo.get(k) as readonly string[];
    },
  });
}

/** Every block of the files by key; no name an operator, no key twice. */
function collectBlocks(files: readonly BlueprintFile[]): Map<string, Block> {
  const blocks = new Map<string, Block>();
  for (const f of files) {
    for (const b of f.blocks) {
      if (RESERVED.has(b.name)) {
        throw new GramlogError('blueprint/reserved', `'${b.name}' is an operator and cannot name a ${b.kind}: rename it`, b.nameSpan);
      }
      const key = definitionKey(b.name, b.kind === 'factory');
      const prev = blocks.get(key);
      if (prev) {
        throw new GramlogError(
          'blueprint/duplicate',
          `${key} is defined twice: as a ${prev.kind} at ${prev.nameSpan.file}:${prev.nameSpan.line}:${prev.nameSpan.column} and as a ${b.kind} here; rename one`,
          b.nameSpan,
        );
      }
      blocks.set(key, b);
    }
  }
  return blocks;
}

/** Every block as a definition, parents first: properties and functions inherited; no cycle, no unknown parent, no chain too deep. */
function defineAll(blocks: ReadonlyMap<string, Block>): Map<string, Definition> {
  const defs = new Map<string, Definition>();
  const building = new Set<string>();
  /** Ancestors of each definition built so far. */
  const depths = new Map<string, number>();
  let index = 0;
  const order = new Map([...blocks.keys()].map((k, i) => [k, i]));
  const define = (key: string, block: Block): Definition => {
    const done = defs.get(key);
    if (done) return done;
    if (building.has(key)) {
      const chain = [...building];
      const from = chain.indexOf(key);
      throw new GramlogError(
        'blueprint/inheritance-cycle',
        `inheritance cycle: ${[...chain.slice(from), key].join(' : ')}; a blueprint cannot be its own ancestor`,
        block.parentSpan ?? block.nameSpan,
      );
    }
    const depth = block.parent === undefined ? 0 : (depths.get(block.parent) ?? 0) + 1;
    if (building.size >= MAX_INHERITANCE || depth > MAX_INHERITANCE) {
      throw new GramlogError(
        'blueprint/inheritance-too-deep',
        `${block.name} has more than ${MAX_INHERITANCE} ancestors: a chain of parents this long is a generated file's mistake`,
        block.parentSpan ?? block.nameSpan,
      );
    }
    building.add(key);
    const parent = block.parent === undefined ? undefined : define(block.parent, parentBlock(blocks, block));
    const props = new Map<string, PropertyDecl>();
    for (const p of parent?.properties ?? []) props.set(p.key, p);
    for (const p of block.properties) props.set(p.key, p);
    const functions = new Map<string, FunctionDecl>(parent?.functions ?? []);
    for (const f of block.functions) functions.set(f.name, f);
    building.delete(key);
    depths.set(key, (parent ? (depths.get(parent.key) ?? 0) + 1 : 0));
    const def: Definition = { kind: block.kind, name: block.name, key, block, parent, properties: [...props.values()], functions, index: order.get(key) ?? index++ };
    defs.set(key, def);
    return def;
  };
  for (const [key, block] of blocks) define(key, block);
  return defs;
}

/** The block a block's `: PARENT` names, which must be a blueprint. */
function parentBlock(blocks: ReadonlyMap<string, Block>, block: Block): Block {
  const parent = block.parent as string;
  const pb = blocks.get(parent);
  if (!pb || pb.kind !== 'blueprint') {
    const names = [...blocks.values()].filter((b) => b.kind === 'blueprint').map((b) => b.name);
    throw new GramlogError(
      'blueprint/unknown-parent',
      pb
        ? `the parent of ${block.name}, ${parent}, is a ${pb.kind}; a blueprint's parent is a blueprint`
        : `the parent of ${block.name}, ${parent}, is no blueprint${didYouMean(parent, names, { max: 1 })}`,
      block.parentSpan as Span,
    );
  }
  return pb;
}

/** The names of every @function; none the name of a definition. */
function functionNamesOf(blocks: ReadonlyMap<string, Block>): Set<string> {
  const functionNames = new Set<string>();
  for (const b of blocks.values()) {
    for (const f of b.functions) {
      const clash = blocks.get(f.name);
      if (clash) {
        throw new GramlogError('blueprint/duplicate', `function '${f.name}' has the name of the ${clash.kind} ${f.name}: a list (${f.name} ...) would be ambiguous; rename one`, f.nameSpan);
      }
      functionNames.add(f.name);
    }
  }
  return functionNames;
}

/** Where a finding about the library's facts as a whole points: the name of the definition with the most ancestors (the first of them). */
function deepestName(sorted: ReadonlyMap<string, Definition>): Span | undefined {
  let deepest: Definition | undefined;
  let deepestDepth = -1;
  for (const d of sorted.values()) {
    let depth = 0;
    for (let p = d.parent; p; p = p.parent) depth++;
    if (depth > deepestDepth) [deepest, deepestDepth] = [d, depth];
  }
  return deepest?.block.nameSpan;
}

type DomainSet = { domain: string; include: readonly string[]; exclude: readonly string[] };

/** The members of each wanted domain set, in definition order, into `memo`: one evaluation of the library as facts. */
function computeDomainSets(sorted: ReadonlyMap<string, Definition>, wanted: readonly DomainSet[], fallback: Span | undefined, memo: Map<string, readonly string[]>): void {
  const spans: Array<Span | undefined> = [];
  const text = libraryFactsText(sorted, wanted, spans);
  const model = atUserText(FACTS_FILE, spans, fallback, () => {
    const program = loadProgram([{ text, file: FACTS_FILE }]);
    throwIfErrors(program.diagnostics);
    return evaluate(program);
  });
  const program = model.program;
  const terms = program.terms;
  const found = new Map<string, string[]>();
  for (const t of model.tuples('inset', 2)) {
    const k = terms.name(t[0] as number);
    const list = found.get(k) ?? [];
    list.push(terms.name(t[1] as number));
    found.set(k, list);
  }
  for (const s of wanted) {
    const k = setKey(s.domain, s.include, s.exclude);
    const members = (found.get(k) ?? []).sort((a, b) => (sorted.get(a)?.index ?? 0) - (sorted.get(b)?.index ?? 0));
    memo.set(k, Object.freeze(members));
  }
}

export { MODS, ownDomains };
export type { BlueprintSource, Definition, Library };
