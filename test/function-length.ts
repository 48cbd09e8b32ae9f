/**
 * Functions over a length in src/, read with the TypeScript parser: every
 * function declaration, method, accessor, constructor, function expression
 * and arrow function, named by where it is (`file#name`; an anonymous one
 * by its line), with its length in lines and whether the comment at its
 * head says why it is long ("Long because ...").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface LongFunction {
  /** `src/path/file.ts#name`. */
  key: string;
  line: number;
  lines: number;
  /** The comment at its head gives the reason it stays long. */
  reasoned: boolean;
}

/** The phrase a comment at a long function's head carries, followed by the reason. */
export const REASON = /\bLong because\s+\S/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) return sourceFiles(p);
      return /\.tsx?$/.test(f) && !f.endsWith('.d.ts') ? [p] : [];
    });
}

function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const own = (n: ts.Node): string | undefined => {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n) || ts.isFunctionExpression(n)) && n.name) return n.name.getText(sf);
    if (ts.isConstructorDeclaration(n)) return 'constructor';
    const p = n.parent;
    if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.initializer === n) return p.name.getText(sf);
    return undefined;
  };
  const name = own(node) ?? `<anonymous line ${line(node)}>`;
  for (let p = node.parent; p; p = p.parent) {
    if ((ts.isClassDeclaration(p) || ts.isClassExpression(p)) && p.name) return `${p.name.text}.${name}`;
    if (ts.isFunctionLike(p)) {
      const outer = own(p);
      if (outer) return `${outer}/${name}`;
    }
  }
  return name;
}

/** The statement a function's head comment is attached to: the function, or the declaration holding it. */
function headOf(node: ts.Node): ts.Node {
  let n: ts.Node = node;
  while (n.parent && (ts.isVariableDeclaration(n.parent) || ts.isVariableDeclarationList(n.parent) || ts.isVariableStatement(n.parent) || ts.isPropertyAssignment(n.parent) || ts.isPropertyDeclaration(n.parent) || ts.isExportAssignment(n.parent))) n = n.parent;
  return n;
}

function headComment(node: ts.Node, sf: ts.SourceFile): string {
  const head = headOf(node);
  const ranges = ts.getLeadingCommentRanges(sf.text, head.getFullStart()) ?? [];
  return ranges.map((r) => sf.text.slice(r.pos, r.end)).join('\n');
}

/** The functions of the .ts files under `dir` longer than `limit` lines, longest first. */
export function longFunctions(root: string, dir: string, limit: number): LongFunction[] {
  const found: LongFunction[] = [];
  for (const path of sourceFiles(dir)) {
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const file = relative(root, path);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > limit) found.push({ key: `${file}#${nameOf(node, sf)}`, line: start + 1, lines, reasoned: REASON.test(headComment(node, sf)) });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found.sort((a, b) => b.lines - a.lines || a.key.localeCompare(b.key));
}
