/**
 * The index of a blueprint file (.bp) for the editor part (./editor.ts): what it defines and uses
 * (blueprints, mods, factories by their key `Name` / `{Name}`, functions),
 * and a blueprint's resolved properties and domains (its own over its
 * ancestors', as the blueprint compiler resolves them).
 */
import type { Span } from '../../errors.js';
import type { Block, BlueprintFile, Expr } from './ast.js';
import { blockExprs, definitionKey, ownDomains, walkExpr } from './library.js';
import { parseBlueprintFile } from './parse.js';
import { printExpr } from './printer.js';
import { isGramlogError } from '../../errors.js';

export interface BpOccurrence {
  /** `Name`, `{Name}` for a factory, or a function's name. */
  key: string;
  ns: 'block' | 'function';
  span: Span;
  definition: boolean;
}

export interface BlueprintsIndex {
  file: BlueprintFile;
  blocks: Map<string, Block>;
  occurrences: BpOccurrence[];
}

/** The index of a .bp text, or undefined when it does not parse. */
export function indexBlueprints(text: string, file: string): BlueprintsIndex | undefined {
  let parsed: BlueprintFile;
  try {
    parsed = parseBlueprintFile(text, file);
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return undefined;
  }
  const blocks = new Map<string, Block>();
  const occurrences: BpOccurrence[] = [];
  const functions = new Set(parsed.blocks.flatMap((b) => b.functions.map((f) => f.name)));
  for (const b of parsed.blocks) {
    const key = definitionKey(b.name, b.kind === 'factory');
    if (!blocks.has(key)) blocks.set(key, b);
    occurrences.push({ key, ns: 'block', span: b.nameSpan, definition: true });
    if (b.parent !== undefined && b.parentSpan) occurrences.push({ key: b.parent, ns: 'block', span: b.parentSpan, definition: false });
    for (const f of b.functions) occurrences.push({ key: f.name, ns: 'function', span: f.nameSpan, definition: true });
    for (const root of blockExprs(b)) {
      for (const e of walkExpr(root)) {
        if (e.kind === 'ref') {
          const first = firstItemOfCall(root, e);
          occurrences.push({ key: first && functions.has(e.name) ? e.name : definitionKey(e.name, e.factory), ns: first && functions.has(e.name) ? 'function' : 'block', span: e.span, definition: false });
        }
      }
    }
  }
  return { file: parsed, blocks, occurrences };
}

/** Whether `ref` is the first item of a list in `root`: a call of a @function. */
function firstItemOfCall(root: Expr, ref: Expr): boolean {
  for (const e of walkExpr(root)) if (e.kind === 'list' && e.items[0] === ref) return true;
  return false;
}

export function bpOccurrenceAt(index: BlueprintsIndex, offset: number): BpOccurrence | undefined {
  return index.occurrences.find((o) => o.span.offset <= offset && offset <= o.span.endOffset);
}

/** The chain of a block and its ancestors in this file, the block first (stops at a cycle or a parent defined elsewhere). */
export function ancestry(index: BlueprintsIndex, block: Block): Block[] {
  const chain: Block[] = [];
  let b: Block | undefined = block;
  while (b && !chain.includes(b)) {
    chain.push(b);
    b = b.parent !== undefined ? index.blocks.get(b.parent) : undefined;
  }
  return chain;
}

/** A block's properties and domains, its own over its ancestors' (ancestors' order, a child's override in place). */
export function resolved(index: BlueprintsIndex, block: Block): { properties: Map<string, { expr: Expr; from: string }>; domains: Map<string, string[]> } {
  const properties = new Map<string, { expr: Expr; from: string }>();
  const domains = new Map<string, string[]>();
  for (const b of ancestry(index, block).reverse()) {
    for (const p of b.properties) properties.set(p.key, { expr: p.expr, from: b.name });
    for (const [d, own] of ownDomains(b.domains)) domains.set(d, own.replaces ? [...own.keywords] : [...(domains.get(d) ?? []), ...own.keywords]);
  }
  return { properties, domains };
}

/** Markdown for a blueprint, mod or factory: its header, resolved domains and properties. */
export function blockMarkdown(index: BlueprintsIndex, block: Block): string {
  const chain = ancestry(index, block);
  const { properties, domains } = resolved(index, block);
  const head = block.kind === 'factory' ? `@factory {${block.name}}` : `@${block.kind} ${block.name}${block.parent !== undefined ? ` : ${block.parent}` : ''}`;
  const lines = [head];
  if (block.abstract) lines.push('  @abstract');
  for (const [d, kws] of domains) lines.push(`  @domain ${d} = ${kws.join(' ')}`);
  if (block.substitute) lines.push(`  @substitute ${printExpr(block.substitute)}`);
  if (block.modlist) lines.push(`  @modlist ${printExpr(block.modlist)}`);
  for (const [k, p] of properties) lines.push(`  @property ${k} = ${printExpr(p.expr)}${p.from !== block.name ? `   ; from ${p.from}` : ''}`);
  lines.push('@end');
  const inherits = chain.length > 1 ? `, inherits from ${chain.slice(1).map((b) => b.name).join(' → ')}` : '';
  return `**${block.kind} ${block.kind === 'factory' ? `{${block.name}}` : block.name}**${inherits}: its resolved domains and properties\n\n\`\`\`bp\n${lines.join('\n')}\n\`\`\``;
}
