/**
 * The language server's protocol (issue 35): sessions of frames a client
 * would never send (Content-Length -1, two of them, none, LF-only headers,
 * bodies that are not JSON) and messages of the wrong shape (`"text": 123`,
 * `"uri": 5`, positions that are not numbers, repeated initialize) mixed with
 * ordinary requests on hostile documents (deep nesting, CR-only lines), run
 * against the built `gramlog lsp --stdio`. The harness checks that every
 * well-formed request is answered, that the closing shutdown is, that it
 * exits 0 and prints no stack trace.
 */
import fc from 'fast-check';
import type { CliCase } from '../harness.js';
import { pick } from './common.js';

const frame = (m: unknown) => {
  const body = JSON.stringify(m);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

const URIS: unknown[] = ['file:///f.gdl', 'file:///g.kif', 'untitled:x', 5, null, { a: 1 }];
const TEXTS: unknown[] = ['(succ 1 2)\n(<= (next ?x) (succ ?x ?y))\n', '(a 1)\r(b 2)\r(<= (c ?x) (d ?y))\r', '('.repeat(3000), `(<= (p) ${'(not '.repeat(2000)}(q)${')'.repeat(2000)})`, '\n'.repeat(5000) + '(a)', 123, null, ['x']];
const METHODS = ['textDocument/hover', 'textDocument/definition', 'textDocument/references', 'textDocument/completion', 'textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/semanticTokens/full', 'textDocument/formatting', 'initialize', 'no/such/method'];
const POSITIONS: unknown[] = [{ line: 0, character: 1 }, { line: 2, character: 3 }, { line: 99999, character: 0 }, { line: -1, character: 0 }, { line: 'x' }, null];

type Piece = { raw: string } | { request: { method: string; params: unknown } } | { notify: { method: string; params: unknown } };

const piece: fc.Arbitrary<Piece> = fc.oneof(
  fc.record({ method: pick(METHODS), uri: pick(URIS), position: pick(POSITIONS) }).map(({ method, uri, position }) => ({ request: { method, params: { textDocument: { uri }, position, context: { includeDeclaration: true }, options: { tabSize: 2, insertSpaces: true } } } })),
  fc.record({ uri: pick(URIS), text: pick(TEXTS), version: pick([1, 2, 'x', null] as unknown[]) }).map(({ uri, text, version }) => ({ notify: { method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'gdl', version, text } } } })),
  fc.record({ uri: pick(URIS), text: pick(TEXTS) }).map(({ uri, text }) => ({ notify: { method: 'textDocument/didChange', params: { textDocument: { uri, version: 3 }, contentChanges: [{ text }] } } })),
  pick([
    'Content-Length: -1\r\n\r\n{}',
    'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    'Content-Type: x\r\n\r\n{"jsonrpc":"2.0","method":"exit"}',
    'Content-Length: abc\r\n\r\n',
    'Content-Length: 5\r\n\r\n{oops',
    'Content-Length: 4\r\n\r\nnull',
    'Content-Length: 2\n\n[]',
    'garbage without a header\r\n\r\n',
  ]).map((raw) => ({ raw })),
);

/** A session: initialize, the pieces, then shutdown (id 999999) and exit; `requests.json` lists the ids that must be answered. */
export const lspCases: fc.Arbitrary<CliCase> = fc.array(piece, { minLength: 1, maxLength: 12 }).map((pieces) => {
  let id = 1;
  const answered: number[] = [1];
  const parts = [frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {}, initializationOptions: { debounceMs: 0, inline: true } } })];
  for (const p of pieces) {
    if ('raw' in p) parts.push(p.raw);
    else if ('request' in p) {
      answered.push(++id);
      parts.push(frame({ jsonrpc: '2.0', id, ...p.request }));
    } else parts.push(frame({ jsonrpc: '2.0', ...p.notify }));
  }
  parts.push(frame({ jsonrpc: '2.0', id: 999999, method: 'shutdown' }), frame({ jsonrpc: '2.0', method: 'exit' }));
  return { kind: 'lsp', argv: ['lsp', '--stdio'], files: { stdin: parts.join(''), 'requests.json': JSON.stringify([...answered, 999999]) } };
});
