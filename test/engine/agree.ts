/**
 * The engine's answer on a program, checked against the reference evaluator
 * (reference.ts), with any join back end (generated functions, nested
 * closures, or cursors for long bodies) and with or without indexes.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { joinTuning } from '../../src/engine/join.js';
import { parseProgram } from '../../src/program/load.js';
import { parse } from '../../src/syntax/parser.js';
import type { RandomPrograms } from './random-program.js';
import { referenceEvaluate } from './reference.js';

export function expectAgreesWithReference(
  text: string,
  levelOf: (pred: string) => number,
  useIndexes: boolean,
  cursors: boolean,
  generated = true,
): void {
  const expected = referenceEvaluate(parse(text).statements, levelOf);
  const saved = { ...joinTuning };
  joinTuning.smallScan = useIndexes ? 0 : 1000;
  joinTuning.deepBody = cursors ? 0 : 1000;
  joinTuning.generate = generated;
  joinTuning.generateMinTuples = 0;
  try {
    const model = evaluate(parseProgram(text));
    expect([...model.facts()].sort()).toEqual(expected);
  } finally {
    Object.assign(joinTuning, saved);
  }
}

/** The engine agrees with the reference on `numRuns` random programs, over every join back end, with and without indexes. */
export function expectAgreementOnRandomPrograms(programs: RandomPrograms, numRuns: number): void {
  fc.assert(
    fc.property(programs.program, fc.boolean(), fc.boolean(), fc.boolean(), (text, useIndexes, cursors, generated) => {
      expectAgreesWithReference(text, programs.levelOf, useIndexes, cursors, generated);
    }),
    { numRuns },
  );
}
