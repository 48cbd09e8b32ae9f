/**
 * Byte-level mutations of a text, as fast-check arbitraries: insert a piece
 * (from a dictionary of the input kind's tokens, or hostile ones: deep
 * brackets, huge numbers, control characters, `__proto__`), delete or
 * duplicate a span, repeat a span many times, flip a character.
 */
import fc from 'fast-check';
import { readRepoFile } from '../helpers.js';

/** Pieces every kind gets: hostile values and shapes. */
export const HOSTILE = [
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  '1e308', '-1e308', '1e400', '9007199254740993', '-0', 'NaN', 'Infinity', '0.1', '-1', '2147483648', '4294967296',
  '\u0000', '\r', '\t', '\u2028', '\ufeff', '\ud800', 'é', '🙂', '"', "'", '\\', '\n', ' ',
];

export type Edit =
  | { op: 'insert'; at: number; piece: string }
  | { op: 'delete'; at: number; length: number }
  | { op: 'duplicate'; at: number; length: number; times: number }
  | { op: 'flip'; at: number; code: number }
  | { op: 'nest'; at: number; open: string; close: string; depth: number };

/** An edit drawing pieces from `pieces` (plus HOSTILE). */
export function editArb(pieces: readonly string[], brackets: ReadonlyArray<[string, string]>): fc.Arbitrary<Edit> {
  const all = [...pieces, ...HOSTILE];
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ op: fc.constant('insert' as const), at: fc.nat(), piece: fc.constantFrom(...all) }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 80 }), times: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 50, max: 400 })) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('flip' as const), at: fc.nat(), code: fc.integer({ min: 0, max: 0x2fff }) }) },
    {
      weight: 1,
      arbitrary: fc
        .record({ at: fc.nat(), pair: fc.constantFrom(...brackets), depth: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 900, max: 3000 })) })
        .map(({ at, pair, depth }) => ({ op: 'nest' as const, at, open: pair[0], close: pair[1], depth })),
    },
  );
}

export function applyEdit(text: string, e: Edit): string {
  const at = text.length === 0 ? 0 : e.at % (text.length + 1);
  switch (e.op) {
    case 'insert':
      return text.slice(0, at) + e.piece + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + e.length);
    case 'duplicate': {
      const part = text.slice(at, at + e.length);
      return text.slice(0, at) + part.repeat(e.times + 1) + text.slice(at + e.length);
    }
    case 'flip':
      return text.slice(0, at) + String.fromCharCode(e.code) + text.slice(at + 1);
    case 'nest': {
      const end = text.indexOf(e.close, at);
      const stop = end === -1 ? text.length : end;
      return text.slice(0, at) + e.open.repeat(e.depth) + text.slice(at, stop) + e.close.repeat(e.depth) + text.slice(stop);
    }
  }
}

/** A mutant of one of `sources` (repository paths): 1-4 edits. */
export function mutantArb(sources: readonly string[], pieces: readonly string[], brackets: ReadonlyArray<[string, string]>): fc.Arbitrary<{ source: string; text: string }> {
  const texts = sources.map((s) => ({ source: s, text: readRepoFile(s) }));
  return fc.record({ base: fc.constantFrom(...texts), edits: fc.array(editArb(pieces, brackets), { minLength: 1, maxLength: 4 }) }).map(({ base, edits }) => ({
    source: base.source,
    text: edits.reduce(applyEdit, base.text),
  }));
}
