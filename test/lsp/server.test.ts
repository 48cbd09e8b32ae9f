/**
 * `gramlog lsp --stdio`, the built CLI, driven by a real protocol client
 * (vscode-languageserver-protocol) over stdio: its diagnostics are the
 * CLI's for the same text (gramlog validate/generate/query run on the same
 * file), hover, definition, references, completion, outline, formatting,
 * a fix that clears an error, and an outdated run cancelled.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic, Location, TextEdit } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { diagnose } from '../../src/diagnose.js';
import { GRAMMAR_SCHEMA } from '../../src/generate/grammar/schema.js';
import { parse } from '../../src/syntax/parser.js';
import { printTree } from '../../src/syntax/printer.js';
import { repoRoot } from '../helpers.js';
import { startClient, uriOf, type Client } from './client.js';

let client: Client;
let dir = '';

const HAND_MADE: Record<string, string> = {
  'unsafe.kif': '(role robot)\n(init on)\n(<= (legal robot (move ?x)) (true on))\n(<= (next on) (does robot (move ?_y)))\n(<= terminal (true on))\n(<= (goal robot 100) (true on))\n',
  'unclosed.gdl': '(start s)\n(rule s a 1\n',
  'unknown-rule.gdl': '(start s)\n(rule s a 1)\n(<= (forbid ?n b) (symbol ?n s))\n',
  'layers-forward.gdl': '(layer a 1) (layer b 2)\n(site a 1) (site b 1)\n(<= (allow a ?k) (site a ?k) (placed b ?k))\n',
  'graph.json': '{"start": "S", "rules": [{"name": "r", "lhs": {"nodes": [{"id": "a", "label": "S"}]}, "rhs": {"nodes": [}}]}\n',
  'lib.bp': '@blueprint A\n  @property x = (rand 5 1)\n@end\n@blueprint B : Missing\n@end\n',
  'plain.kif': '(<= (p ?x) (q ?_y))\n(q 1)\n',
};

const REPO = ['games/tictactoe.kif', 'rules/tree.gdl', 'rules/dungeon.gdl', 'rules/building.gdl', 'rules/mission.json', 'rules/items.bp', 'rules/items-typos.bp', 'rules/family.kif'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gramlog-lsp-'));
  for (const [f, text] of Object.entries(HAND_MADE)) writeFileSync(join(dir, f), text);
  client = await startClient({ debounceMs: 0, trace: true });
}, 30_000);

afterAll(async () => {
  await client?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const gramlog = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'gramlog.js'), ...args], { encoding: 'utf8' });

/** `line:col severity[code] message` of the CLI's stderr lines (`-:-` without a place: the LSP puts those at 1:1). */
function cliLines(stderr: string): string[] {
  const out: string[] = [];
  for (const line of stderr.split('\n')) {
    const m = /^(\S+?)(?::(\d+):(\d+))?: (error|warning)\[([^\]]+)\]: (.*)$/.exec(line);
    if (m) out.push(`${m[2] ?? 1}:${m[3] ?? 1} ${m[4]}[${m[5]}] ${m[6]}`);
  }
  return out.sort();
}

const lspKey = (d: Diagnostic) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity === 1 ? 'error' : 'warning'}[${d.code}] ${d.message}`;

/** What the CLI reports for the file, by its kind (as test/web/diagnose.test.ts asks it). */
function cli(file: string, kind: string, hasErrors: boolean): { lines: string[]; partial: boolean } {
  switch (kind) {
    case 'game': {
      const r = gramlog('validate', file, '--json', '--max-states', '2000', '--playouts', '5');
      const j = JSON.parse(r.stdout) as { findings: Array<{ check: string; severity: string; message: string; line?: number; column?: number }> };
      // validation stops at static errors; a game without them is played on, and the live findings are a part of its report
      return { lines: j.findings.map((f) => `${f.line ?? 1}:${f.column ?? 1} ${f.severity}[${f.check}] ${f.message}`).sort(), partial: !hasErrors };
    }
    case 'rules':
      return { lines: cliLines(gramlog('query', file, '--count-only').stderr), partial: false };
    case 'blueprints':
      return { lines: cliLines(gramlog('generate', file, '--blueprint', '\u0001').stderr), partial: false };
    default:
      return { lines: cliLines(gramlog('generate', file, '--seed', '0').stderr).filter((l) => !/seed \d+|generation ran|all-zero|maxnodes/.test(l)), partial: false };
  }
}

const files = () => [...REPO.map((f) => join(repoRoot, f)), ...Object.keys(HAND_MADE).map((f) => join(dir, f))];

describe('gramlog lsp --stdio, driven by a protocol client', () => {
  it('publishes the CLI\'s diagnostics for files of every kind (same codes, messages, places)', async () => {
    for (const file of files()) {
      const text = readFileSync(file, 'utf8');
      const waiting = client.diagnostics(uriOf(file), 1);
      await client.open(file, text, file.endsWith('.bp') ? 'gramlog-bp' : file.endsWith('.json') ? 'json' : 'gdl');
      const got = await waiting;
      const lib = diagnose(file, text);
      const expected = cli(file, lib.kind, got.some((d) => d.severity === 1));
      const lines = got.map(lspKey).sort();
      if (expected.partial) for (const l of lines) expect(expected.lines, file).toContain(l);
      else expect(lines, `${file} (${lib.kind})`).toEqual(expected.lines);
      // the ranges are the library's spans, whole
      expect(got.map((d) => [d.range.end.line + 1, d.range.end.character + 1]).sort(), file).toEqual(
        lib.diagnostics.filter((d) => d.span).map((d) => [d.span!.endLine, d.span!.endColumn]).sort(),
      );
      for (const d of got) expect(d.codeDescription?.href).toMatch(/errors\.md#[a-z0-9_-]+$/);
    }
  }, 120_000);

  it('leaves JSON that is no graph grammar alone (package.json): no diagnostics, no hover', async () => {
    const file = join(dir, 'package.json');
    const waiting = client.diagnostics(uriOf(file), 1);
    const uri = await client.open(file, '{ "name": "x", "version": "1.0.0", "start": 1 }\n', 'json');
    expect(await waiting).toEqual([]);
    expect(await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 38 } })).toBeNull();
  });

  it('reports an unsafe rule of a game on its line, with the code and a link', async () => {
    const uri = uriOf(join(dir, 'unsafe.kif'));
    const last = client.published.filter((p) => p.uri === uri).at(-1)!;
    expect(last.diagnostics.map((d) => [d.code, d.range.start.line + 1, d.severity])).toEqual([['safety', 3, 1]]);
    expect(last.diagnostics[0]!.codeDescription!.href).toMatch(/#safety$/);
  });

  it('clears an error when a change fixes it', async () => {
    const file = join(dir, 'unsafe.kif');
    const uri = uriOf(file);
    const fixed = HAND_MADE['unsafe.kif']!.replace('(<= (legal robot (move ?x)) (true on))', '(<= (legal robot (move 1)) (true on))');
    const waiting = client.diagnostics(uri, 2);
    await client.change(uri, 2, fixed);
    expect(await waiting).toEqual([]);
  });

  it('explains forbid on hover, from the grammar vocabulary schema', async () => {
    const file = join(repoRoot, 'rules/dungeon.gdl');
    const text = readFileSync(file, 'utf8');
    const line = text.split('\n').findIndex((l) => l.startsWith('(<= (forbid'));
    const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: uriOf(file) }, position: { line, character: 6 } })) as { contents: { value: string } };
    const entry = GRAMMAR_SCHEMA.entries.find((e) => e.name === 'forbid')!;
    expect(hover.contents.value).toContain('(forbid');
    expect(hover.contents.value).toContain(entry.doc);
    expect(hover.contents.value).toContain(entry.example);
  });

  it('shows a user relation\'s rules on hover', async () => {
    const file = join(repoRoot, 'games/tictactoe.kif');
    const text = readFileSync(file, 'utf8');
    const line = text.split('\n').findIndex((l) => l.startsWith('(<= terminal (not open))'));
    const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: uriOf(file) }, position: { line, character: 20 } })) as { contents: { value: string } };
    expect(hover.contents.value).toContain('(<= open (true (cell ?_r ?_c b)))');
  });

  it('goes from a nonterminal to its (rule ...) facts', async () => {
    const file = join(repoRoot, 'rules/tree.gdl');
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.startsWith('(child grow 0 stem) (child grow 1 tree)'));
    const character = lines[line]!.lastIndexOf('tree') + 1;
    const locs = (await client.connection.sendRequest('textDocument/definition', { textDocument: { uri: uriOf(file) }, position: { line, character } })) as Location[];
    const expected = lines.flatMap((l, i) => (l.startsWith('(rule tree ') ? [i] : []));
    expect(expected.length).toBeGreaterThan(1);
    expect(locs.map((l) => l.range.start.line)).toEqual(expected);
    for (const l of locs) expect(lines[l.range.start.line]!.slice(l.range.start.character, l.range.end.character)).toMatch(/^\(rule tree \w+ \d+\)$/);
  });

  it('finds every reference of a relation: its definitions and its uses', async () => {
    const file = join(repoRoot, 'games/tictactoe.kif');
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.startsWith('(<= terminal (not open))'));
    const locs = (await client.connection.sendRequest('textDocument/references', {
      textDocument: { uri: uriOf(file) },
      position: { line, character: 19 },
      context: { includeDeclaration: true },
    })) as Location[];
    for (const l of locs) expect(lines[l.range.start.line]!.slice(l.range.start.character, l.range.end.character)).toBe('open');
    // every `open` outside comments: as a head or a body literal
    const expected = lines.flatMap((l, i) => [...l.replace(/;.*/, '').matchAll(/(?<![\w-])open(?![\w-])/g)].map(() => i));
    expect(locs.map((l) => l.range.start.line).sort((a, b) => a - b)).toEqual(expected);
    const noDecl = (await client.connection.sendRequest('textDocument/references', {
      textDocument: { uri: uriOf(file) },
      position: { line, character: 19 },
      context: { includeDeclaration: false },
    })) as Location[];
    expect(noDecl.length).toBeLessThan(locs.length);
  });

  it('completes vocabulary relations at a relation and declared names where the schema wants a rule', async () => {
    const file = join(dir, 'complete.gdl');
    const text = '(start quest)\n(rule quest fetch 3)\n(rule quest slay 1)\n(<= (forbid ?n ';
    const uri = await client.open(file, text);
    const at = (line: number, character: number) =>
      client.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line, character } }) as Promise<Array<{ label: string; detail?: string }>>;
    const rules = await at(3, 15);
    expect(rules.map((c) => c.label).sort()).toEqual(['fetch', 'slay']);
    const relations = await at(3, 5);
    const forbid = relations.find((c) => c.label === 'forbid');
    expect(forbid?.detail).toContain('(forbid NODE RULE)'.slice(0, 7));
    expect(relations.map((c) => c.label)).toEqual(expect.arrayContaining(['rule', 'start', 'transfer', 'force', 'not']));
  });

  it('gives an outline of a grammar and of a blueprint library', async () => {
    const tree = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uriOf(join(repoRoot, 'rules/tree.gdl')) } })) as Array<{ name: string; children: unknown[] }>;
    expect(tree.map((s) => s.name)).toEqual(expect.arrayContaining(['start/1', 'rule/3', 'child/3', 'param/2']));
    const bp = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uriOf(join(repoRoot, 'rules/items.bp')) } })) as Array<{ name: string; detail: string }>;
    expect(bp.find((s) => s.name === 'Pike')?.detail).toBe('blueprint : Spear');
  });

  it('shows a blueprint\'s resolved properties and domains, and goes to its parent', async () => {
    const file = join(repoRoot, 'rules/items.bp');
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = lines.indexOf('@blueprint Pike : Spear');
    const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: uriOf(file) }, position: { line, character: 12 } })) as { contents: { value: string } };
    expect(hover.contents.value).toContain('@domain weapon = melee pierce heavy');
    expect(hover.contents.value).toContain('@property damage = (rand 7 10)');
    expect(hover.contents.value).toContain('@property price = 10   ; from Weapon');
    const locs = (await client.connection.sendRequest('textDocument/definition', { textDocument: { uri: uriOf(file) }, position: { line, character: 20 } })) as Location[];
    expect(locs.map((l) => lines[l.range.start.line])).toEqual(['@blueprint Spear : Weapon']);
  });

  it('formats to a fixed point that reads as the same program, comments kept', async () => {
    const file = join(dir, 'messy.gdl');
    const text = '; a messy file\n(start   s)   ; start here\n\n\n(rule s a   1)(rule s b 2)\n(<= (forbid ?n a)\n (arg ?n  depth ?d)\n  ; deep\n  (> ?d 3))\n(<= (force ?n b) (arg ?n depth ?d) (arg ?n width ?w) (arg ?n height ?h) (> ?d ?w) (> ?h 2))\n';
    const uri = await client.open(file, text);
    const format = async (version: number, current: string) => {
      const edits = (await client.connection.sendRequest('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })) as TextEdit[];
      if (edits.length === 0) return current;
      // the edits cover only the lines that change
      const next = TextDocument.applyEdits(TextDocument.create(uri, 'gdl', version, current), edits);
      await client.change(uri, version, next);
      return next;
    };
    const once = await format(2, text);
    expect(once).toBe(
      '; a messy file\n(start s) ; start here\n\n(rule s a 1)\n(rule s b 2)\n(<= (forbid ?n a)\n (arg ?n  depth ?d)\n  ; deep\n  (> ?d 3))\n(<= (force ?n b)\n    (arg ?n depth ?d)\n    (arg ?n width ?w)\n    (arg ?n height ?h)\n    (> ?d ?w)\n    (> ?h 2))\n',
    );
    expect(await format(3, once)).toBe(once);
    expect(printTree(parse(once))).toBe(printTree(parse(text)));
  });

  it('refuses to format a file with a syntax error, and says why', async () => {
    const uri = uriOf(join(dir, 'unclosed.gdl'));
    const edits = await client.connection.sendRequest('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(edits).toEqual([]);
    expect(client.shown.at(-1)).toMatch(/unclosed\.gdl:2:1: error\[syntax\/unclosed\].*not formatted/);
  });

  it('gives folding ranges and semantic tokens', async () => {
    const uri = uriOf(join(dir, 'messy.gdl'));
    const folds = (await client.connection.sendRequest('textDocument/foldingRange', { textDocument: { uri } })) as Array<{ startLine: number; endLine: number }>;
    expect(folds).toContainEqual({ startLine: 5, endLine: 8 });
    const tokens = (await client.connection.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri } })) as { data: number[] };
    expect(tokens.data.length % 5).toBe(0);
    expect(tokens.data.length).toBeGreaterThan(5 * 10);
  });

  it('cancels the run of an outdated version: a newer one is published, the older never', async () => {
    const file = join(dir, 'big.kif');
    const big = Array.from({ length: 60_000 }, (_, i) => `(edge n${i} n${i + 1})`).join('\n') + '\n(<= (path ?x ?y) (edge ?x ?y))\n';
    const uri = uriOf(file);
    const started = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (client.logs.some((l) => l.endsWith('big.kif: diagnostics of version 1 started'))) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    });
    await client.open(file, big);
    await started;
    const v2 = client.diagnostics(uri, 2);
    await client.change(uri, 2, '(<= (p ?x) (q ?_y))\n');
    const got = await v2;
    expect(got.map((d) => d.code)).toEqual(['safety']);
    expect(client.logs.some((l) => l.endsWith('big.kif: diagnostics of version 1 cancelled: version 2 came'))).toBe(true);
    expect(client.published.filter((p) => p.uri === uri && p.version === 1)).toEqual([]);
    // and the server goes on answering (a new worker)
    const v3 = client.diagnostics(uri, 3);
    await client.change(uri, 3, '(<= (p ?x) (q ?x))\n');
    expect(await v3).toEqual([]);
  }, 60_000);
});
