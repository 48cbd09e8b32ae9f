/** Graph rules in `.gdl` (graphrule, rewrite, ...): mutants of the bundled mission grammar, through generate, analyze and check. */
import fc from 'fast-check';
import type { CliCase } from '../harness.js';
import { mutantArb } from '../mutate.js';
import { jsonArgs, seedArgs } from './common.js';

const PIECES = ['(', ')', '?t', '?u', '(node ?t task)', '(edge ?t ?u next)', '(keep ?t)', '(tail ?u ?t)', '(graphrule x 1)', '(graphlimit grow 100000)', '(graphdelay lock 0)', '(graphstage guard 2)', '(rewrite grow (node ?t room))', '(graphstart start)', '(not ', '(<= ', 'grow', 'lock', '(reach ?a ?b)'];
const BRACKETS: Array<[string, string]> = [['(', ')']];
const SOURCES = ['rules/mission.gdl'];

export const graphGdlCases: fc.Arbitrary<CliCase> = fc.oneof(
  fc.tuple(mutantArb(SOURCES, PIECES, BRACKETS), jsonArgs, seedArgs, fc.boolean()).map(([m, j, s, e]) => ({
    kind: 'graph-gdl',
    argv: ['generate', 'm.gdl', '--max-facts', '50000', ...j, ...s, ...(e ? ['--explain'] : [])],
    files: { 'm.gdl': m.text },
  })),
  fc.tuple(mutantArb(SOURCES, PIECES, BRACKETS), jsonArgs).map(([m, j]) => ({ kind: 'graph-gdl', argv: ['analyze', 'm.gdl', '--max-facts', '50000', ...j], files: { 'm.gdl': m.text } })),
  fc.tuple(mutantArb(SOURCES, PIECES, BRACKETS), seedArgs).map(([m, s]) => ({
    kind: 'graph-gdl',
    argv: ['check', 'm.gdl', 'checks.gdl', '-n', '2', '--max-facts', '50000', ...s],
    files: { 'm.gdl': m.text, 'checks.gdl': '(<= (violation no-boss) (not (node ?b boss)))\n' },
  })),
);
