/**
 * A style is named in its folder (src/generate/NAME/), the registry
 * (src/generate/styles.ts) and tests, and nowhere else in src/: every other
 * module reaches a style through the registry and its parts
 * (src/generate/style.ts). This test reads every module of src/ and fails on
 * a string literal that is a style's name, or an import into a style's
 * folder, from outside them, naming the file and line, unless ALLOWED lists
 * it with the reason it must stay. Comments are not read.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { STYLES } from '../../src/generate/styles.js';
import { repoRoot } from '../helpers.js';

const src = join(repoRoot, 'src');

/**
 * What may name a style outside its folder and the registry, and why: a file
 * (or a folder, ending in `/`), the style (`*`: any), and whether imports
 * into the style's folder or the name as a string literal. Most entries are
 * debts, each to go as the client gets a part of the contract to look up.
 */
const ALLOWED: ReadonlyArray<{ file: string; style: string; what: 'import' | 'literal'; why: string }> = [
  // words that are not the style: the same letters in another sense
  { file: 'src/api/checked.ts', style: '*', what: 'literal', why: "argument names ('grammar') and the artifacts' own `kind` fields of the per-style API functions" },
  { file: 'src/cli/commands/generate.ts', style: 'graph', what: 'literal', why: 'the --graph option' },
  { file: 'src/codes/doc.ts', style: '*', what: 'literal', why: 'the areas of the error codes (layers/..., graph/...), as the error index titles them' },
  { file: 'src/generate/graph/', style: 'grammar', what: 'literal', why: "graphgram JSON's top-level object is called the grammar (its schema's and the editor's object kinds)" },
  // the per-style public API (frontdoor's area: subpath exports)
  { file: 'src/index.ts', style: '*', what: 'import', why: 'the per-style functions of the public API, kept for compatibility' },
  { file: 'src/api/grammar.ts', style: 'grammar', what: 'import', why: "the style's own subpath export (gramlog/grammar)" },
  { file: 'src/api/layers.ts', style: 'layers', what: 'import', why: "the style's own subpath export (gramlog/layers)" },
  { file: 'src/api/graph.ts', style: 'graph', what: 'import', why: "the style's own subpath export (gramlog/graph)" },
  { file: 'src/api/blueprints.ts', style: 'blueprints', what: 'import', why: "the style's own subpath export (gramlog/blueprints)" },
  { file: 'src/api/checked.ts', style: '*', what: 'import', why: 'argument checks of the per-style API functions' },
  // the blueprint verb and blueprint-only features
  { file: 'src/cli/commands/master.ts', style: 'blueprints', what: 'import', why: '`gramlog master` is the blueprint verb (built on the style\'s compile)' },
  // the playground's own views of the styles (the page does not load the library, so a view is keyed by the kind the worker sends)
  { file: 'src/web/views/index.ts', style: '*', what: 'import', why: "the page's list of the styles' views (src/generate/NAME/view.ts) by kind: the page does not load the library, so it cannot ask the style registry (which brings every style's compiler)" },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|mts)$/.test(f) && !/\.d\.m?ts$/.test(f) ? [p] : [];
  });
}

interface Hit {
  file: string;
  line: number;
  style: string;
  what: 'import' | 'literal';
  text: string;
}

/** The string literals of a text that are a style's name (read from its syntax tree: comments and templates with parts are not literals). */
function literalHits(file: string, text: string, names: ReadonlySet<string>): Hit[] {
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Hit[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && names.has(node.text) && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      out.push({ file, line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1, style: node.text, what: 'literal', text: node.getText() });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return out;
}

/** The imports of a text into a style's folder. */
function importHits(file: string, text: string, folders: ReadonlyMap<string, string>): Hit[] {
  const out: Hit[] = [];
  for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
    if (!imported.fileName.startsWith('.')) continue;
    const target = resolve(dirname(file), imported.fileName);
    for (const [name, folder] of folders) {
      if (target.startsWith(folder + sep)) out.push({ file, line: text.slice(0, imported.pos).split('\n').length, style: name, what: 'import', text: imported.fileName });
    }
  }
  return out;
}

let found: Hit[] | undefined;

/** Every hit in src/ outside the style's own folder and the registry (read once). */
function hits(): Hit[] {
  if (found) return found;
  const names = new Set(STYLES.map((s) => s.name));
  const folders = new Map(STYLES.map((s) => [s.name, join(src, 'generate', s.name)]));
  const registry = join(src, 'generate', 'styles.ts');
  found = sourceFiles(src).flatMap((path) => {
    if (path === registry) return [];
    const text = readFileSync(path, 'utf8');
    const own = [...folders].find(([, folder]) => path.startsWith(folder + sep))?.[0];
    const file = relative(repoRoot, path).split(sep).join('/');
    return [...literalHits(file, text, names), ...importHits(file, text, folders)].filter((h) => h.style !== own);
  });
  return found;
}

describe('style names', () => {
  it('appear in src/ only in the style\'s folder, the registry and the allowed places', () => {
    const allowed = (h: Hit) =>
      ALLOWED.some((a) => (a.file.endsWith('/') ? h.file.startsWith(a.file) : a.file === h.file) && (a.style === '*' || a.style === h.style) && a.what === h.what);
    const bad = hits().filter((h) => !allowed(h)).map((h) => `${h.file}:${h.line}: ${h.what === 'import' ? `imports ${h.text} (the ${h.style} style's folder)` : `names the ${h.style} style (${h.text})`}`);
    expect(bad).toEqual([]);
  });

  it('find what they look for: a literal, an import, and not a comment', () => {
    const names = new Set(['graph']);
    const file = join(src, 'cli', 'x.ts');
    expect(literalHits('x.ts', "// 'graph'\nconst k = 'graph';\nconst t = `graph`;\n", names).map((h) => h.line)).toEqual([2, 3]);
    expect(importHits(file, "import { a } from '../generate/graph/style.js';\nimport { b } from '../generate/styles.js';\n", new Map([['graph', join(src, 'generate', 'graph')]])).map((h) => h.line)).toEqual([1]);
  });

  it('allow only what is still there (a stale entry is removed with the debt it excused)', () => {
    const stale = ALLOWED.filter((a) => !hits().some((h) => (a.file.endsWith('/') ? h.file.startsWith(a.file) : a.file === h.file) && (a.style === '*' || a.style === h.style) && a.what === h.what));
    expect(stale.map((a) => `${a.file} ${a.style} ${a.what}`)).toEqual([]);
  });
});
