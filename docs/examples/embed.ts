// Embed a generator in your own program: compile once, generate by seed.
import { readFileSync } from 'node:fs';
import { compileGrammar, formatText, generateFrom } from 'gramlog/grammar';

const file = 'docs/examples/quest.gdl';
const grammar = compileGrammar(readFileSync(file, 'utf8'), { file, params: { length: '3' } });
for (const seed of [1, 2]) {
  const quest = generateFrom(grammar, seed);
  console.log(`seed ${quest.seed}: ${quest.nodeCount} nodes, first deed: ${quest.root.rule}`);
}
process.stdout.write(formatText(generateFrom(grammar, 1)));
