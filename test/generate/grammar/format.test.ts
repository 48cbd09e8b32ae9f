import { describe, expect, it } from 'vitest';
import { compileGrammar, formatDot, formatJson, formatText, generateFrom } from '../../../src/generate/grammar/index.js';

const TEXT = `
(start top) (startarg name "the top") (startarg 2 two) (startarg b x)
(rule top make 1) (child make 0 leaf) (child make 1 item)
(rule item small 1)
(<= (childarg ?n make 1 size (big 3)) (symbol ?n top))
(<= (attr ?n kind root) (symbol ?n top))
`;

describe('output formats', () => {
  const a = generateFrom(compileGrammar(TEXT), 12);

  it('text: one indented line per node with rule, (args) and {attrs}', () => {
    expect(formatText(a)).toBe(
      ['seed 12', 'top -> make  (2=two b=x name="the top")  {kind=root}', '  leaf', '  item -> small  (size=(big 3))', ''].join('\n'),
    );
  });

  it('JSON: exactly format, seed and root {symbol, rule?, args, attrs, children}, keys sorted, values typed (numbers, text, [functor, arg...])', () => {
    const json = formatJson(a);
    expect(json).toBe(
      '{"format":"generate-tree/4","seed":12,"root":{"symbol":"top","rule":"make","args":{"2":"two","b":"x","name":"\\"the top\\""},"attrs":{"kind":"root"},"children":[' +
        '{"symbol":"leaf","args":{},"attrs":{},"children":[]},' +
        '{"symbol":"item","rule":"small","args":{"size":["big",3]},"attrs":{},"children":[]}]}}',
    );
    const parsed = JSON.parse(json) as { root: Record<string, unknown> };
    expect(Object.keys(parsed)).toEqual(['format', 'seed', 'root']);
    expect(Object.keys(parsed.root)).toEqual(['symbol', 'rule', 'args', 'attrs', 'children']);
  });

  it('DOT: a digraph with one quoted node per path and an edge per child', () => {
    const dot = formatDot(a);
    expect(dot.startsWith('digraph "gramlog seed 12" {\n')).toBe(true);
    expect(dot).toContain('  "n" [label="top -> make\\n2=two\\nb=x\\nname=\\"the top\\"\\n{kind=root}"];');
    expect(dot).toContain('  "n" -> "n/0";\n  "n" -> "n/1";');
    expect(dot).toContain('  "n/0" [label="leaf", style=rounded];');
    expect(dot.trimEnd().endsWith('}')).toBe(true);
  });

  it('adds violation facts, when given: a block after the text, a last JSON key, DOT comments', () => {
    const v = ['(violation big n/1)', '(violation odd "a\nb")'];
    expect(formatText(a, v)).toBe(formatText(a) + '\nviolations (2):\n  (violation big n/1)\n  (violation odd "a\nb")\n');
    const json = JSON.parse(formatJson(a, v)) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['format', 'seed', 'root', 'violations', 'violationRules']);
    expect(json['violations']).toEqual(v);
    // facts alone: their rules unknown
    expect(json['violationRules']).toEqual([null, null]);
    expect(formatJson(a, [])).toBe(formatJson(a));
    expect(formatDot(a, v)).toBe(formatDot(a).replace(/}\n$/, '  // (violation big n/1)\n  // (violation odd "a b")\n}\n'));
    expect(formatDot(a, [])).toBe(formatDot(a));
  });

  it('generates and prints deep trees without recursing per level', () => {
    const deep = compileGrammar('(maxdepth 20000) (start s) (rule s more 1) (rule s stop 0) (child more 0 s) (<= (force ?n stop) (depth ?n 1500))');
    const d = generateFrom(deep, 0);
    expect(d.nodeCount).toBe(1501);
    const json = formatJson(d);
    expect(json.length).toBeGreaterThan(1500 * 40);
    expect(json.endsWith(']}'.repeat(1501) + '}')).toBe(true);
    expect(JSON.parse(json)).toBeTruthy();
  });
});
