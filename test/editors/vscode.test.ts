/**
 * The VS Code extension (editors/vscode): its manifest contributes the
 * languages, grammars and language configurations; the TextMate grammars
 * tokenize sample lines as expected (vscode-textmate + vscode-oniguruma,
 * the engine VS Code runs), and their vocabulary lists are the schemas';
 * the playground link is what the playground reads; and it packages to a
 * .vsix (with @vscode/vsce, offline) holding the manifest, the grammars and
 * the language configurations.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GDL_SCHEMA } from '../../src/gdl/checks/schema.js';
import { OPERATORS } from '../../src/generate/blueprints/ast.js';
import { GRAPH_REWRITE_SCHEMA } from '../../src/generate/graph/schema.js';
import { STYLES } from '../../src/generate/styles.js';
import { readUrlState } from '../../src/web/url-state.js';
import { playgroundLink } from '../../editors/vscode/src/playground.js';
import { isGraphGrammarJson } from '../../editors/vscode/src/graph-json.js';
import { repoRoot } from '../helpers.js';

const ext = join(repoRoot, 'editors', 'vscode');
const json = (p: string) => JSON.parse(readFileSync(join(ext, p), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const manifest = json('package.json');

describe('the extension manifest', () => {
  it('contributes the rule language and blueprints, with grammars and language configurations that exist', () => {
    const langs = manifest.contributes.languages as Array<{ id: string; extensions: string[]; configuration: string }>;
    expect(langs.map((l) => [l.id, l.extensions])).toEqual([
      ['gdl', ['.gdl', '.kif']],
      ['gramlog-bp', ['.bp']],
      ['graphgram-json', ['.graph.json', '.graphgram.json']],
    ]);
    for (const l of langs.filter((x) => x.id !== 'graphgram-json')) {
      const conf = json(l.configuration);
      expect(conf.comments.lineComment).toBe(';');
      expect(conf.brackets).toContainEqual(['(', ')']);
      expect(conf.autoClosingPairs).toContainEqual({ open: '(', close: ')' });
    }
    const grammars = manifest.contributes.grammars as Array<{ language: string; scopeName: string; path: string }>;
    expect(grammars.map((g) => g.language)).toEqual(['gdl', 'gramlog-bp', 'graphgram-json']);
    for (const g of grammars) expect(json(g.path).scopeName).toBe(g.scopeName);
  });

  it('starts gramlog lsp --stdio from a setting, and packages with vsce, a devDependency of the extension only', () => {
    expect(manifest.contributes.configuration.properties['gramlog.path'].default).toBe('gramlog');
    expect(readFileSync(join(ext, 'src', 'extension.ts'), 'utf8')).toContain("'lsp', '--stdio'");
    expect(manifest.devDependencies['@vscode/vsce']).toBeDefined();
    // `vsce package` alone builds (vscode:prepublish) and packages: no flags, no prompt
    expect(manifest.scripts['vscode:prepublish']).toBe('npm run build');
    expect(manifest.scripts.package).toBe('vsce package --out gramlog.vsix');
    expect(manifest.vsce).toEqual({ dependencies: false });
    expect(manifest.repository).toBeDefined();
    expect(existsSync(join(ext, 'LICENSE'))).toBe(true);
    // bundled by esbuild: nothing for vsce to gather from node_modules
    expect(manifest.dependencies).toBeUndefined();
    const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(root.dependencies)).not.toContain('@vscode/vsce');
    expect(Object.keys(root.dependencies)).not.toContain('vscode-languageclient');
  });

  it('opens a file in the playground with the link the playground reads', () => {
    const text = '(start s)\n(rule s a 1) ; ünïcode\n';
    const link = playgroundLink('http://127.0.0.1:7878/', '/home/me/rules/quest.gdl', text);
    expect(link.startsWith('http://127.0.0.1:7878/#')).toBe(true);
    const state = readUrlState(new URL(link).hash);
    expect(state.file).toBe('quest.gdl');
    expect(state.text).toBe(text);
  });
});

describe('the TextMate grammars', () => {
  const names = (schemas: Array<{ entries: readonly { name: string }[] }>) => new Set(schemas.flatMap((s) => s.entries.map((e) => e.name)));

  it('list the vocabulary schemas\' names: GDL\'s as game keywords, the generators\' as vocabulary', () => {
    const g = json('syntaxes/gdl.tmLanguage.json');
    const heads = g.repository.head.patterns as Array<{ name: string; match: string }>;
    const list = (scope: string) => new Set(/\(([^()]*)\)\)?\(\?=/.exec(heads.find((p) => p.name === scope)!.match)![1]!.replace(/^\?i:\(/, '').split('|'));
    const gdl = names([GDL_SCHEMA]);
    gdl.delete('distinct');
    expect(list('keyword.other.gdl.game')).toEqual(gdl);
    const gen = names([GRAPH_REWRITE_SCHEMA, ...STYLES.filter((s) => s.name !== 'blueprints').map((s) => s.schema)]);
    for (const n of [...gdl, 'distinct']) gen.delete(n);
    expect(list('support.function.gramlog.vocabulary')).toEqual(gen);
    const bp = json('syntaxes/bp.tmLanguage.json');
    const ops = (bp.patterns as Array<{ match?: string }>).find((p) => p.match?.includes('rand|'))!.match!;
    expect(new Set(/\((rand[^)]*)\)/.exec(ops)![1]!.split('|').map((o) => o.replace(/\\/g, '')))).toEqual(new Set(OPERATORS));
  });

  const require = createRequire(import.meta.url);
  const textmate = (() => {
    try {
      return { tm: require('vscode-textmate') as typeof import('vscode-textmate'), onig: require('vscode-oniguruma') as typeof import('vscode-oniguruma') };
    } catch {
      return undefined;
    }
  })();
  if (!textmate) console.log('skipped: tokenizing with vscode-textmate: it is not installed (npm install in editors/vscode)');

  /** Each token of `line` (trimmed) with its innermost scope. */
  async function tokenize(scope: string, file: string, line: string): Promise<Map<string, string>> {
    const { tm, onig } = textmate!;
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer).catch((e: Error) => {
      if (!/already/i.test(e.message)) throw e;
    });
    const registry = new tm.Registry({
      onigLib: Promise.resolve({ createOnigScanner: (p: string[]) => new onig.OnigScanner(p), createOnigString: (s: string) => new onig.OnigString(s) }),
      loadGrammar: async (s: string) => (s === scope ? tm.parseRawGrammar(readFileSync(join(ext, 'syntaxes', file), 'utf8'), join(ext, 'syntaxes', file)) : null),
    });
    const grammar = (await registry.loadGrammar(scope))!;
    const r = grammar.tokenizeLine(line, tm.INITIAL);
    const out = new Map<string, string>();
    for (const t of r.tokens) {
      const text = line.slice(t.startIndex, t.endIndex).trim();
      if (text !== '' && !out.has(text)) out.set(text, t.scopes[t.scopes.length - 1]!);
    }
    return out;
  }

  it.skipIf(!textmate)('tokenize a generator rule and a game rule', async () => {
    const a = await tokenize('source.gdl', 'gdl.tmLanguage.json', '(<= (forbid ?n hDivide) (arg ?n width ?w) (< ?w 8)) ; a pre-selector');
    expect(a.get('<=')).toBe('keyword.control.gdl');
    expect(a.get('forbid')).toBe('support.function.gramlog.vocabulary');
    expect(a.get('?n')).toBe('variable.other.gdl');
    expect(a.get('hDivide')).toBe('constant.other.gdl');
    expect(a.get('<')).toBe('keyword.operator.arithmetic.gdl');
    expect(a.get('8')).toBe('constant.numeric.gdl');
    expect(a.get('; a pre-selector')).toBe('comment.line.semicolon.gdl');
    const b = await tokenize('source.gdl', 'gdl.tmLanguage.json', '(<= (legal ?p (mark ?x)) (role ?p) (not (taken ?x)) (distinct ?x "a;b"))');
    expect(b.get('legal')).toBe('keyword.other.gdl.game');
    expect(b.get('mark')).toBe('entity.name.function.gdl');
    expect(b.get('not')).toBe('keyword.control.gdl');
    expect(b.get('distinct')).toBe('keyword.control.gdl');
    expect(b.get('a;b')).toBe('string.quoted.double.gdl'); // not a comment
  });

  it.skipIf(!textmate)('tokenize blueprint lines', async () => {
    const a = await tokenize('source.gramlog-bp', 'bp.tmLanguage.json', '@blueprint Pike : Spear ; heavy');
    expect(a.get('@blueprint')).toBe('keyword.control.directive.bp');
    expect(a.get('Pike')).toBe('entity.name.type.class.bp');
    expect(a.get('Spear')).toBe('entity.other.inherited-class.bp');
    expect(a.get('; heavy')).toBe('comment.line.semicolon.bp');
    const b = await tokenize('source.gramlog-bp', 'bp.tmLanguage.json', '  @property drop = (pickOnChance 70 Spear 30 {RandomWeapon} [weapon: melee !heavy] &source.damage)');
    expect(b.get('drop')).toBe('variable.other.property.bp');
    expect(b.get('pickOnChance')).toBe('support.function.bp');
    expect(b.get('70')).toBe('constant.numeric.bp');
    expect(b.get('{RandomWeapon}')).toBe('entity.name.type.factory.bp');
    expect(b.get('weapon')).toBe('entity.name.namespace.domain.bp');
    expect(b.get('&source.damage')).toBe('variable.language.source.bp');
  });
});

describe('activation: never for every JSON file', () => {
  it('activates on its own languages and in a workspace of rule files, not on JSON', () => {
    const events = manifest.activationEvents as string[];
    expect(events).not.toContain('onLanguage:json');
    expect(events.every((e) => e.startsWith('onLanguage:') ? ['gdl', 'gramlog-bp', 'graphgram-json'].includes(e.slice('onLanguage:'.length)) : e.startsWith('workspaceContains:'))).toBe(true);
    const graph = (manifest.contributes.languages as Array<{ id: string; filenamePatterns?: string[] }>).find((l) => l.id === 'graphgram-json');
    expect(graph?.filenamePatterns).toEqual(['*.graph.json', '*.graphgram.json']);
    expect(readFileSync(join(ext, 'src', 'extension.ts'), 'utf8')).not.toMatch(/language: 'json'/);
  });

  it('recognises a graph grammar by its content and nothing else', () => {
    expect(isGraphGrammarJson(readFileSync(join(repoRoot, 'rules', 'mission.json'), 'utf8'))).toBe(true);
    expect(isGraphGrammarJson('{"rules": [{"lhs": "a", "rhs": "b"}]}')).toBe(true);
    expect(isGraphGrammarJson(readFileSync(join(repoRoot, 'package.json'), 'utf8'))).toBe(false);
    expect(isGraphGrammarJson(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8'))).toBe(false);
    expect(isGraphGrammarJson('{"scripts": {"rules": "x"}}')).toBe(false);
    expect(isGraphGrammarJson('{"rules": [')).toBe(false);
  });
});

describe('packaging', () => {
  const vsce = join(repoRoot, 'node_modules', '.bin', 'vsce');
  if (!existsSync(vsce)) console.log('skipped: packaging the extension: @vscode/vsce is not installed (npm install at the root installs the editors/vscode workspace)');

  it.skipIf(!existsSync(vsce))('packages to a .vsix holding the manifest, the grammars, the language configurations and the bundled client (offline)', () => {
    const out = join(ext, 'gramlog.vsix');
    rmSync(out, { force: true });
    // no network: a proxy that refuses, and npm offline
    const env = { ...process.env, HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', npm_config_offline: 'true' };
    // `vsce package` alone, in the extension's folder: it builds through vscode:prepublish
    rmSync(join(ext, 'dist'), { recursive: true, force: true });
    const r = spawnSync(vsce, ['package', '--out', out], { cwd: ext, encoding: 'utf8', env, input: '' });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const entries = zipEntries(readFileSync(out));
    expect(entries).toEqual(
      expect.arrayContaining([
        'extension/package.json',
        'extension/syntaxes/gdl.tmLanguage.json',
        'extension/syntaxes/bp.tmLanguage.json',
        'extension/language-configuration.json',
        'extension/bp-language-configuration.json',
        'extension/json-language-configuration.json',
        'extension/syntaxes/graphgram-json.tmLanguage.json',
        'extension/LICENSE.txt',
        'extension/dist/extension.js',
        'extension.vsixmanifest',
      ]),
    );
    expect(entries.some((e) => e.includes('node_modules/') || e.startsWith('extension/src/'))).toBe(false);
    rmSync(out, { force: true });
  }, 120_000);
});

/** The names in a zip file's central directory. */
function zipEntries(zip: Buffer): string[] {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const nameLen = zip.readUInt16LE(p + 28);
    const extra = zip.readUInt16LE(p + 30);
    const comment = zip.readUInt16LE(p + 32);
    names.push(zip.toString('utf8', p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extra + comment;
  }
  return names;
}
