/**
 * The canonical text of a blueprint file: what `parseBlueprintFile` reads
 * back to the same syntax tree (spans aside). Per block: the header, then
 * domains, @substitute, @modlist, properties, one a line, indented two spaces.
 */
import { encodeString } from '../../syntax/lexer.js';
import { formatNumber } from '../../program/terms.js';
import { MODS, type Block, type BlueprintFile, type Expr } from './ast.js';

export function printExpr(e: Expr): string {
  switch (e.kind) {
    case 'num':
      return formatNumber(e.value);
    case 'str':
      return encodeString(e.value);
    case 'ref':
      return e.factory ? `{${e.name}}` : e.name;
    case 'source':
      return `&source.${e.key}`;
    case 'param':
      return `$${e.name}`;
    case 'set':
      return `[${e.domain}: ${[...e.include, ...e.exclude.map((k) => '!' + k)].join(' ')}]`;
    case 'list':
      return `(${e.items.map(printExpr).join(' ')})`;
    case 'call':
      return `(${[e.op, ...e.args.map(printExpr)].join(' ')})`;
  }
}

export function printBlock(b: Block): string {
  const head =
    b.kind === 'factory' ? `@factory {${b.name}}` : `@${b.kind} ${b.name}${b.parent !== undefined ? ` : ${b.parent}` : ''}`;
  const lines = [head];
  for (const d of b.domains) {
    const kws = d.keywords.join(' ');
    if (b.kind === 'mod' && d.domain === MODS) lines.push(`  @domain ${kws}`);
    else lines.push(`  @domain ${d.domain} ${d.op}${kws ? ' ' + kws : ''}`);
  }
  for (const f of b.functions) lines.push(`  @function ${f.name} (${f.params.map((p) => '$' + p).join(' ')}) = ${printExpr(f.body)}`);
  if (b.substitute) lines.push(`  @substitute ${printExpr(b.substitute)}`);
  if (b.modlist) lines.push(`  @modlist ${printExpr(b.modlist)}`);
  for (const p of b.properties) lines.push(`  @property ${p.key} = ${printExpr(p.expr)}`);
  lines.push('@end');
  return lines.join('\n');
}

export function printBlueprintFile(f: BlueprintFile): string {
  return f.blocks.map(printBlock).join('\n\n') + (f.blocks.length > 0 ? '\n' : '');
}
