/**
 * Quick fixes, rename, signature help, document highlight and workspace
 * symbols (issue 32 item 5). The quick fixes are checked against the
 * library itself: for every registered code whose example gets a "did you
 * mean", the fix applied makes that finding go away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseError, type CodeAction, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ALL_CODES } from '../../src/codes/index.js';
import { diagnose } from '../../src/diagnose.js';
import { rangesIn, toLspDiagnostic } from '../../src/lsp/diagnostics.js';
import type { Doc } from '../../src/lsp/features.js';
import { highlights } from '../../src/lsp/highlight.js';
import { quickFixes, suggestions } from '../../src/lsp/quick-fix.js';
import { prepareRename, rename } from '../../src/lsp/rename.js';
import { signatureHelp } from '../../src/lsp/signature.js';
import { workspaceSymbols } from '../../src/lsp/workspace-symbols.js';
import { startClient, type Client } from './client.js';

function docOf(file: string, text: string): Doc {
  return { uri: `file:///${file}`, file, kind: diagnose(file, text).kind, text: TextDocument.create(`file:///${file}`, 'gdl', 1, text) };
}

const edited = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('file:///x', 'x', 1, text), edits);

describe('quick fixes for "did you mean"', () => {
  it('reads the names a message suggests', () => {
    expect(suggestions("'legl' is one letter away: did you mean 'legal'?")).toEqual(['legal']);
    expect(suggestions('reads pil: did you mean \'pile\' or \'piles\'? or declare it')).toEqual(['pile', 'piles']);
    expect(suggestions('(keep ?x) names no node (did you mean ?r?)')).toEqual(['?r']);
    expect(suggestions('did you mean to mark Weapon @abstract?')).toEqual([]);
    expect(suggestions('no hint here')).toEqual([]);
  });

  // every registered example whose finding suggests a name
  const cases = ALL_CODES.flatMap((c) => {
    const ex = c.example;
    if (!ex?.file || !ex.text) return [];
    let found;
    try {
      found = diagnose(ex.file, ex.text).diagnostics;
    } catch {
      return [];
    }
    return found.filter((d) => suggestions(d.message).length > 0).map((d) => ({ name: `${c.code}: ${d.code}`, file: ex.file, text: ex.text, d }));
  });

  it('covers the registry: at least 15 examples suggest a name', () => expect(cases.length).toBeGreaterThanOrEqual(15));

  it.each(cases)('$name: the first fix makes the finding go', ({ file, text, d }) => {
    const doc = TextDocument.create(`file:///${file}`, 'gdl', 1, text);
    const lsp = toLspDiagnostic(d, undefined, rangesIn(doc));
    const fixes = quickFixes(doc, [lsp]);
    expect(fixes.length).toBeGreaterThan(0);
    expect(fixes[0]).toMatchObject({ kind: 'quickfix', diagnostics: [lsp] });
    const fixed = edited(text, fixes[0]!.edit!.changes![doc.uri]!);
    expect(fixed).not.toBe(text);
    const after = diagnose(file, fixed).diagnostics;
    expect(after.some((x) => x.code === d.code && x.message === d.message)).toBe(false);
  });
});

const GAME = '(role robot)\n(init (cell 1))\n(<= (legal robot (go ?x)) (true (cell ?x)) (succ ?x ?y))\n(<= (next (cell ?y)) (does robot (go ?x)) (succ ?x ?y))\n(succ 1 2)\n(<= terminal (true (cell 2)))\n(<= (goal robot 100) (true (cell 2)))\n';

describe('rename', () => {
  const doc = docOf('g.kif', GAME);
  const renamed = (offset: number, to: string) => {
    const r = rename(doc, offset, to) as WorkspaceEdit;
    return edited(GAME, r.changes![doc.uri]!);
  };

  it('a variable within its rule only', () => {
    const at = GAME.indexOf('?x', GAME.indexOf('(<= (next')) + 1;
    const out = renamed(at, '?from');
    expect(out).toContain('(<= (next (cell ?y)) (does robot (go ?from)) (succ ?from ?y))');
    expect(out).toContain('(<= (legal robot (go ?x)) (true (cell ?x)) (succ ?x ?y))');
  });

  it('a relation everywhere in the file, and the program still loads the same way', () => {
    const out = renamed(GAME.indexOf('succ') + 1, 'step');
    expect(out).not.toContain('succ');
    expect(out.match(/step/g)).toHaveLength(3);
    expect(diagnose('g.kif', out).diagnostics.map((d) => d.code)).toEqual(diagnose('g.kif', GAME).diagnostics.map((d) => d.code));
  });

  it('refuses a reserved relation and a bad new name', () => {
    expect(prepareRename(doc, GAME.indexOf('legal') + 1)).toBeNull();
    expect(rename(doc, GAME.indexOf('legal') + 1, 'allowed')).toBeInstanceOf(ResponseError);
    expect(rename(doc, GAME.indexOf('?x') + 1, 'x')).toBeInstanceOf(ResponseError);
    expect(rename(doc, GAME.indexOf('succ') + 1, 'a b')).toBeInstanceOf(ResponseError);
    expect(prepareRename(doc, GAME.indexOf('succ') + 1)).toMatchObject({ placeholder: 'succ' });
  });

  it('a blueprint, and a factory inside its braces', () => {
    const text = '@blueprint Sword\n  @property damage = 3\n@end\n\n@blueprint Long : Sword\n@end\n\n@factory {Loot}\n  @substitute (pickOne Sword)\n@end\n\n@blueprint Box\n  @property in = {Loot}\n@end\n';
    const bp = docOf('x.bp', text);
    const sword = rename(bp, text.indexOf('Sword') + 1, 'Blade') as WorkspaceEdit;
    const out = edited(text, sword.changes![bp.uri]!);
    expect(out.match(/Blade/g)).toHaveLength(3);
    expect(out).not.toContain('Sword');
    const loot = rename(bp, text.indexOf('Loot') + 1, 'Prize') as WorkspaceEdit;
    const out2 = edited(text, loot.changes![bp.uri]!);
    expect(out2).toContain('@factory {Prize}');
    expect(out2).toContain('@property in = {Prize}');
    expect(diagnose('x.bp', out2).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('signature help, highlight, workspace symbols', () => {
  const doc = docOf('g.kif', GAME);

  it('shows legal ROLE MOVE with the argument the cursor is on', () => {
    const h = signatureHelp(doc, GAME.indexOf('(go ?x)'))!;
    expect(h.signatures[0]!.label).toBe('(legal ROLE MOVE)');
    expect(h.activeParameter).toBe(1);
    expect(signatureHelp(doc, GAME.indexOf('robot (go') + 1)!.activeParameter).toBe(0);
    expect(signatureHelp(doc, GAME.indexOf('(succ 1 2)') + 6)).toBeNull();
  });

  it('highlights a relation (its facts and heads as writes) and a variable in its rule', () => {
    const rel = highlights(doc, GAME.indexOf('succ') + 1);
    expect(rel).toHaveLength(3);
    expect(rel.filter((h) => h.kind === 3)).toHaveLength(1);
    const v = highlights(doc, GAME.indexOf('?x') + 1);
    expect(v).toHaveLength(3);
  });

  it('finds the symbols of every open document by a fuzzy query', () => {
    const bp = docOf('x.bp', '@blueprint Sword\n@end\n@blueprint Shield\n@end\n');
    const found = workspaceSymbols([doc, bp], 'sw');
    expect(found.map((s) => s.name)).toEqual(['Sword']);
    expect(workspaceSymbols([doc, bp], 'succ').map((s) => [s.name, s.location.uri])).toEqual([['succ/2', doc.uri]]);
  });
});

describe('a real client', () => {
  let c: Client;
  beforeAll(async () => {
    c = await startClient({ debounceMs: 0 });
  }, 30_000);
  afterAll(async () => c?.close());

  it('gets a quick fix for a published "did you mean", renames, highlights, gets signature help and workspace symbols', async () => {
    const text = GAME.replace('(<= terminal', '(<= (legl robot stop) (true (cell 1)))\n(<= terminal');
    const uri = await c.open('/tmp/gramlog-nav.kif', text);
    const published = await c.diagnostics(uri, 1);
    const typo = published.find((d) => String(d.message).includes("did you mean 'legal'"))!;
    expect(typo).toBeDefined();
    const actions = (await c.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: typo.range, context: { diagnostics: [typo] } })) as CodeAction[];
    expect(actions.map((a) => a.title)).toEqual(["Change 'legl' to 'legal'"]);
    const rn = (await c.connection.sendRequest('textDocument/rename', { textDocument: { uri }, position: { line: 4, character: 2 }, newName: 'step' })) as WorkspaceEdit;
    expect(rn.changes![uri]).toHaveLength(3);
    const hl = (await c.connection.sendRequest('textDocument/documentHighlight', { textDocument: { uri }, position: { line: 4, character: 2 } })) as unknown[];
    expect(hl).toHaveLength(3);
    const sig = (await c.connection.sendRequest('textDocument/signatureHelp', { textDocument: { uri }, position: { line: 2, character: 18 } })) as { signatures: Array<{ label: string }> };
    expect(sig.signatures[0]!.label).toBe('(legal ROLE MOVE)');
    const ws = (await c.connection.sendRequest('workspace/symbol', { query: 'succ' })) as Array<{ name: string }>;
    expect(ws.map((s) => s.name)).toEqual(['succ/2']);
  }, 30_000);
});
