/** `gramlog analyze` of violation rules, decided by the complete search of --satisfy. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/fake-io.js';
import { constraintFindings } from '../../../src/generate/satisfy/analyze.js';
import { grammarStyle } from '../../../src/generate/grammar/style.js';

const ROOMS = '(start room)\n(rule room small 1)\n(rule room big 1)\n';

describe('constraint findings of analyze', () => {
  it('a rule every artifact breaks is an error, one none breaks a warning, a satisfiable one nothing', () => {
    const text = ROOMS + '(<= (violation has-room ?n) (symbol ?n room))\n(<= (violation both ?n) (chose ?n small) (chose ?n big))\n(<= (violation too-big ?n) (chose ?n big))\n';
    const found = constraintFindings(grammarStyle, [{ file: 'r.gdl', text }]);
    expect(found.map((d) => [d.code, d.severity, d.span?.line])).toEqual([
      ['satisfy/always-fires', 'error', 4],
      ['satisfy/never-fires', 'warning', 5],
    ]);
  });

  it('rules that conflict only together are named as the core, and analyze exits 1', async () => {
    const r = await runCli(['analyze', 'docs/examples/rooms-conflict.gdl']);
    expect(r.code).toBe(1);
    expect([...r.stdout.matchAll(/:(\d+):1: error\[satisfy\/unsatisfiable\]: conflicting statement (\d) of 3/g)].map((m) => [m[1], m[2]])).toEqual([
      ['6', '1'],
      ['7', '2'],
      ['8', '3'],
    ]);
    expect(r.stdout).toContain('rooms-conflict.gdl:9:1: warning[satisfy/never-fires]');
  });

  it('says nothing of a file whose rules hold on some artifacts and fire on others', () => {
    expect(constraintFindings(grammarStyle, [{ file: 'r.gdl', text: ROOMS + '(<= (violation too-big ?n) (chose ?n big))\n' }])).toEqual([]);
  });
});
