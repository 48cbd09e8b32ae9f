/**
 * The engine's answer on a program, checked against the reference evaluator
 * (reference.ts), with any join back end (generated functions, nested
 * closures, or cursors for long bodies) and with or without indexes.
 */
import { expect } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { joinTuning } from '../../src/engine/join.js';
import { parseProgram } from '../../src/program/load.js';
import { parse } from '../../src/syntax/parser.js';
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
