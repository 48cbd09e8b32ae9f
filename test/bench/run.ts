/**
 * `npm run bench`: every benchmark, each printing ratios against its peer
 * measured in the same run. Flags: --quick (smaller peer runs), --full
 * (datascript on the 500-node chain too: minutes).
 * Benchmarks never assert a time; they report.
 */
import { existsSync } from 'node:fs';
import { benchEngine, benchProcesses, benchStartup } from './engine-bench.js';

const quick = process.argv.includes('--quick');
const full = process.argv.includes('--full');
const here = import.meta.dirname;

console.log(`# gramlog benchmarks (${new Date().toISOString()}, node ${process.version})`);
await benchEngine({ quick, full });
benchStartup();
benchProcesses();

async function optional(file: string, fn: string): Promise<void> {
  if (!existsSync(`${here}/${file}.ts`)) return;
  const mod = (await import(`./${file}.js`)) as Record<string, (o?: unknown) => Promise<unknown>>;
  const f = mod[fn];
  if (f) await f({ quick });
}

await optional('gdl-playouts', 'benchPlayouts');
await optional('gdl-ggp-base', 'benchGgpBase');
await optional('gdl-sancho', 'benchSancho');
await optional('generate-bench', 'benchGenerate');
await optional('blueprint-bench', 'benchBlueprints');
await optional('shrink-bench', 'benchShrink');
await optional('parse-bench', 'benchParse');
await optional('facts-bench', 'benchFacts');
await optional('graph-bench', 'benchGraph');
await optional('web-bench', 'benchWeb');
await optional('json-bench', 'benchJson');
await optional('lsp-bench', 'benchLsp');
await optional('export-bench', 'benchExports');
await optional('jobs-bench', 'benchJobs');
await optional('satisfy-bench', 'benchSatisfy');
