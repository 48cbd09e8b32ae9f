import { describe, expect, it } from 'vitest';
import { loadProgram } from '../../src/program/load.js';
import { diagnose } from '../../src/diagnose.js';

const warnings = (text: string) =>
  loadProgram([{ text, file: 'r.gdl' }])
    .diagnostics.filter((d) => d.code === 'program/singleton')
    .map((d) => ({ at: `${d.span?.line}:${d.span?.column}`, severity: d.severity, message: d.message }));

describe('singleton variables (program/singleton)', () => {
  it('warns, located, at a variable written once in a rule: the ?r meant in (chose ?n ?x)', () => {
    const text = '(price sword 10)\n(chose n sword)\n(<= (cost ?n ?p) (chose ?n ?x) (price ?r ?p))\n';
    expect(warnings(text)).toEqual([
      { at: '3:28', severity: 'warning', message: 'singleton variable ?x: it occurs only once in this rule, so it matches anything and joins nothing; write ?_x if that is intended' },
      { at: '3:39', severity: 'warning', message: 'singleton variable ?r: it occurs only once in this rule, so it matches anything and joins nothing; write ?_r if that is intended' },
    ]);
    expect(warnings(text.replace('?x', '?r'))).toEqual([]);
  });

  it('says nothing for ?_ and ?_name, counts every occurrence (not, or, distinct, nested terms), and leaves unsafe variables to the safety error', () => {
    expect(warnings('(p 1)\n(<= (q) (p ?_) (p ?_colour))\n')).toEqual([]);
    expect(warnings('(p 1)\n(<= (q ?x) (p ?x) (not (p (f ?y ?y))))\n')).toEqual([]);
    expect(warnings('(p 1)\n(<= (q ?x) (or (p ?x) (p ?z)))\n').map((w) => w.at)).toEqual(['2:26']);
    // ?y only in the head: unsafe (an error), not also a singleton
    const unsafe = loadProgram([{ text: '(p 1)\n(<= (q ?x ?y) (p ?x))\n', file: 'r.gdl' }]).diagnostics.map((d) => d.code);
    expect(unsafe).toEqual(['safety']);
  });

  it('suggests a near variable of the rule only for names of three letters or more', () => {
    const [w] = warnings('(p 1 2)\n(<= (q ?room) (p ?room ?rom))\n');
    expect(w?.message).toContain('?rom: it occurs only once in this rule, so it matches anything and joins nothing; did you mean ?room?; write ?_rom');
  });

  it('reaches the language server and the playground (diagnose), located, for rule files and GDL games alike', () => {
    const rules = diagnose('r.gdl', '(price sword 10)\n(chose n sword)\n(<= (cost ?n ?p) (chose ?n ?x) (price ?r ?p))\n');
    expect(rules.diagnostics.filter((d) => d.code === 'program/singleton').map((d) => [d.severity, d.span?.line, d.span?.column])).toEqual([
      ['warning', 3, 28],
      ['warning', 3, 39],
    ]);
    const game = diagnose('g.kif', '(role r)\n(init (s 0))\n(<= (legal r a) (true (s ?n)))\n');
    expect(game.diagnostics.filter((d) => d.code === 'program/singleton').map((d) => d.span?.column)).toEqual([26]);
  });
});
