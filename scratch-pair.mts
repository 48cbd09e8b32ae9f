import { compileGraphGrammar, generateGraph } from './src/generate/graph/index.js';
import { readFileSync } from 'node:fs';
const g = compileGraphGrammar(readFileSync('/tmp/tr/pair.gdl','utf8'), { file: 'pair.gdl' });
console.log(JSON.stringify(g.stages[0].rules.map(r=>r.logic?.parts)));
const t = performance.now();
const a = generateGraph(g, 3);
console.log(a.steps, a.nodes.length, a.edges.length, performance.now()-t);
