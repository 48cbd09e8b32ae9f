/**
 * The language server against hostile input (issue 35): messages of the wrong
 * shape are answered with the protocol's errors (never a crash), bad frames
 * are logged and skipped (never a server that stops answering), a repeated
 * initialize starts no thread, a closed or full stdout ends the session as
 * the CLI ends a command, deep or quadratic input is answered, and positions
 * count CR, LF and CRLF line ends as clients do.
 */
import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../src/lsp/messages.js';
import { rangesIn } from '../../src/lsp/diagnostics.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { frame, initialize, open, request, startRaw } from './raw.js';

const URI = 'file:///tmp/hostile.gdl';
const hoverAt = (id: number, uri = URI, line = 0, character = 1) => request(id, 'textDocument/hover', { textDocument: { uri }, position: { line, character } });

/** A session that has initialized and opened a small valid file. */
async function ready() {
  const s = startRaw();
  s.send(initialize(1));
  await s.response(1);
  s.send(frame({ jsonrpc: '2.0', method: 'initialized', params: {} }));
  s.send(open(URI, '(succ 1 2)\n(<= (next ?x) (succ ?x ?_y))\n'));
  return s;
}

async function end(s: ReturnType<typeof startRaw>) {
  s.send(request(999, 'shutdown', null));
  await s.response(999);
  s.send(frame({ jsonrpc: '2.0', method: 'exit' }));
  const e = await s.exited;
  expect(s.stderr()).not.toMatch(/\n\s+at |TypeError|ConnectionError/);
  return e;
}

describe('messages of the wrong shape', () => {
  it('"text": 123 and "uri": 5 are dropped (notification) or answered -32602 (request); the server goes on', async () => {
    const s = await ready();
    s.send(open(URI + '.2', 123));
    s.send(frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 5, languageId: 'gdl', version: 1, text: '(a)' } } }));
    s.send(request(2, 'textDocument/hover', { textDocument: { uri: 5 }, position: { line: 0, character: 1 } }));
    s.send(request(3, 'textDocument/hover', { textDocument: { uri: URI }, position: { line: -1, character: 'x' } }));
    s.send(request(4, 'textDocument/documentSymbol', null));
    s.send(frame({ jsonrpc: '2.0', id: 5, result: 1, method: 7 }));
    expect((await s.response(2)).error).toMatchObject({ code: -32602, message: expect.stringContaining('textDocument.uri must be a string') });
    expect((await s.response(3)).error).toMatchObject({ code: -32602, message: expect.stringContaining('position must be {line, character}') });
    expect((await s.response(4)).error).toMatchObject({ code: -32602 });
    expect((await s.response(5)).error).toMatchObject({ code: -32600 });
    s.send(hoverAt(6));
    expect((await s.response(6)).result.contents.value).toContain('**succ**');
    expect(s.stderr()).toContain('gramlog lsp: a notification dropped: textDocument/didOpen: textDocument.text must be a string');
    expect(await end(s)).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('refusal() passes what a client sends and names what is wrong otherwise', () => {
    expect(refusal({ jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: { textDocument: { uri: 'file:///a' }, position: { line: 0, character: 0 } } })).toBeUndefined();
    expect(refusal({ jsonrpc: '2.0', id: 1, result: null })).toBeUndefined();
    expect(refusal({ jsonrpc: '2.0', method: 'workspace/somethingElse', params: 5 })).toBeUndefined();
    expect(refusal({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri: 'u', version: 2 }, contentChanges: [{ text: 'x', range: { start: { line: 0 } } }] } })?.message).toContain('contentChanges[0].range.start');
    expect(refusal([1, 2])?.code).toBe(-32600);
  });
});

describe('bad frames are logged and skipped', () => {
  for (const [what, bad] of [
    ['Content-Length: -1', 'Content-Length: -1\r\n\r\n{"jsonrpc":"2.0","id":50,"method":"shutdown"}'],
    ['two Content-Length headers', 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
    ['no Content-Length', 'Content-Type: application/json\r\n\r\n{"jsonrpc":"2.0","method":"exit"}'],
    ['a body that is not JSON', 'Content-Length: 5\r\n\r\n{oops'],
  ] as const) {
    it(`${what}: logged, and the next request is answered`, async () => {
      const s = await ready();
      s.send(bad);
      s.send(hoverAt(7));
      expect((await s.response(7)).result.contents.value).toContain('**succ**');
      expect(s.stderr()).toMatch(/gramlog lsp: a (message header with|message that is not JSON)/);
      expect(await end(s)).toEqual({ code: 0, signal: null });
    }, 60_000);
  }

  it('LF-only header lines are read as a client meant them', async () => {
    const s = await ready();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'textDocument/hover', params: { textDocument: { uri: URI }, position: { line: 0, character: 1 } } });
    s.send(`Content-Length: ${Buffer.byteLength(body)}\n\n${body}`);
    expect((await s.response(8)).result.contents.value).toContain('**succ**');
    await end(s);
  }, 60_000);
});

describe('the session', () => {
  it('a repeated initialize is refused (-32600) and starts no worker thread', async () => {
    const s = await ready();
    for (let i = 0; i < 5; i++) s.send(initialize(20 + i));
    for (let i = 0; i < 5; i++) expect((await s.response(20 + i)).error).toMatchObject({ code: -32600, message: expect.stringContaining('initialize was already received') });
    await end(s);
  }, 60_000);

  it('stdout on a full disk: the CLI ENOSPC message, exit 2, no stack trace', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const s = startRaw(full);
      s.send(initialize(1));
      const e = await s.exited;
      expect(e.code).toBe(2);
      expect(s.stderr()).toMatch(/^<stdout>: error: cannot write: no space left on device \(ENOSPC\)/);
      expect(s.stderr()).not.toMatch(/\n\s+at |ConnectionError/);
    } finally {
      closeSync(full);
    }
  }, 30_000);

  it('a closed stdout ends the session quietly (exit 0)', async () => {
    const s = startRaw();
    s.child.stdout!.destroy();
    s.send(initialize(1));
    s.send(open(URI, '(a)'));
    const e = await s.exited;
    expect(e.code).toBe(0);
    expect(s.stderr()).toBe('');
  }, 30_000);

  it('stdin closed while a diagnosis is pending: exit 0, no stack trace', async () => {
    const s = await ready();
    s.send(open('file:///tmp/slow.gdl', Array.from({ length: 3000 }, (_, i) => `(p ${i})`).join('\n') + '\n(<= (q ?x ?y) (p ?x) (p ?y))\n'));
    s.child.stdin!.end();
    const e = await s.exited;
    expect(e.code).toBe(0);
    expect(s.stderr()).not.toMatch(/\n\s+at |ConnectionError|Error/);
  }, 30_000);
});

describe('deep and large documents are answered', () => {
  it('20,000 unclosed ( and 20,000 nested not: hover, symbols, folding and tokens answer without -32603', async () => {
    const s = await ready();
    s.send(open('file:///tmp/deep.gdl', '('.repeat(20_000)));
    s.send(open('file:///tmp/not.gdl', `(<= (p) ${'(not '.repeat(20_000)}(q)${')'.repeat(20_000)})\n`));
    let id = 30;
    for (const uri of ['file:///tmp/deep.gdl', 'file:///tmp/not.gdl']) {
      for (const method of ['textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/semanticTokens/full']) {
        s.send(request(++id, method, { textDocument: { uri } }));
        expect((await s.response(id)).error, method).toBeUndefined();
      }
      s.send(hoverAt(++id, uri, 0, 20));
      expect((await s.response(id)).error).toBeUndefined();
    }
    await end(s);
  }, 60_000);

  it('documentSymbol over 40,000 distinct relations and hover in 100 KB of blank lines answer', async () => {
    const s = await ready();
    s.send(open('file:///tmp/many.gdl', Array.from({ length: 40_000 }, (_, i) => `(r${i} 1)`).join('\n')));
    s.send(open('file:///tmp/blank.gdl', '\n'.repeat(100_000) + '(succ 1 2)\n'));
    s.send(request(40, 'textDocument/documentSymbol', { textDocument: { uri: 'file:///tmp/many.gdl' } }));
    expect((await s.response(40, 30_000)).result).toHaveLength(40_000);
    s.send(hoverAt(41, 'file:///tmp/blank.gdl', 100_000, 2));
    expect((await s.response(41, 30_000)).result.contents.value).toContain('**succ**');
    await end(s);
  }, 90_000);
});

describe('positions count CR, LF and CRLF as clients do', () => {
  it('a span on the third line of a CR-only file is on line 2', () => {
    const text = '(a)\r(b)\r(c ?x)\r';
    const doc = TextDocument.create('file:///x.gdl', 'gdl', 1, text);
    // the library counts only LF: to it the whole file is line 1, and (c ?x) starts at column 9
    const place = rangesIn(doc);
    expect(place({ file: 'x', line: 1, column: 9, offset: 8, endLine: 1, endColumn: 15, endOffset: 14 })).toEqual({ start: { line: 2, character: 0 }, end: { line: 2, character: 6 } });
    const crlf = TextDocument.create('file:///y.gdl', 'gdl', 1, '(a)\r\n(b ?x)\r\n');
    expect(rangesIn(crlf)({ file: 'y', line: 2, column: 1, offset: 5, endLine: 2, endColumn: 7, endOffset: 11 })).toEqual({ start: { line: 1, character: 0 }, end: { line: 1, character: 6 } });
  });

  it('the diagnostics of a CR-only file land on the lines the editor shows', async () => {
    const s = await ready();
    s.send(open('file:///tmp/cr.gdl', '(a 1)\r(b 2)\r(<= (c ?x) (d ?y))\r'));
    const p = await s.next((m) => m['method'] === 'textDocument/publishDiagnostics' && m['params'].uri === 'file:///tmp/cr.gdl' && m['params'].diagnostics.length > 0);
    for (const d of p['params'].diagnostics) expect(d.range.start.line, JSON.stringify(d)).toBe(2);
    await end(s);
  }, 60_000);
});
