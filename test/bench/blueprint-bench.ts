/**
 * Blueprint mastering benchmark (issue 10): simple masters per second
 * (rules/items.bp Spear: four properties, one draw) and factory masters with
 * two mods per second ({MagicalWeapon}: a substitute from a domain set, two
 * mods from domain sets, the factory's own property), against a hand-written
 * JavaScript peer measured in the same run that builds the same objects with
 * the same seeded source (seedrandom's Alea through src/random.ts) and no
 * interpretation: the floor the interpreter is compared with. Goals: at least
 * 50,000 simple and 5,000 factory masters per second. Never asserts a time.
 *
 * Run with `npm run bench`, or alone: `npx tsx test/bench/blueprint-bench.ts [--quick]`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseBlueprints } from '../../src/generate/blueprints/library.js';
import { master } from '../../src/generate/blueprints/master.js';
import { createRandom } from '../../src/random.js';

const repoRoot = resolve(import.meta.dirname, '../..');

function perSecond(f: (seed: number) => unknown, minMs: number): { n: number; perSecond: number } {
  for (let i = 0; i < 20_000; i++) f(i); // warm up (JIT)
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs) {
    for (let i = 0; i < 100; i++) f(n++);
    t = performance.now();
  }
  return { n, perSecond: (n * 1000) / (t - t0) };
}

/** The peer: Spear by hand (same streams as the interpreter: one per drawing property). */
function spearByHand(seed: number): unknown {
  const root = createRandom(seed);
  return { seed, blueprint: 'Spear', properties: { name: 'Spear', damage: 5 + root.derive('damage').int(4), weight: 4, price: 10 } };
}

const WEAPONS = [
  { name: 'Spear', lo: 5, hi: 8, weight: 4, price: 10 },
  { name: 'Pike', lo: 7, hi: 10, weight: 7, price: 10 },
  { name: 'Warhammer', lo: 8, hi: 12, weight: 9, price: 25 },
];
type Props = { name: string; damage: number; weight: number; price: number; magical?: number };
const PREFIX: Array<[string, (p: Props) => Props]> = [
  ['Gnarled', (p) => ({ ...p, name: 'Gnarled ' + p.name, damage: p.damage + 1 })],
  ['Gilded', (p) => ({ ...p, name: 'Gilded ' + p.name, price: p.price * 3 })],
];
const SUFFIX: Array<[string, (p: Props) => Props]> = [
  ['OfWhoopAss', (p) => ({ ...p, name: p.name + ' of Whoop Ass', damage: p.damage * 2 })],
  ['OfLightness', (p) => ({ ...p, name: p.name + ' of Lightness', weight: Math.max(1, p.weight - 2) })],
];

/** The peer: {MagicalWeapon} by hand. */
function magicalByHand(seed: number): unknown {
  const root = createRandom(seed);
  const w = root.derive('@substitute').pick(WEAPONS);
  let p: Props = { name: w.name, damage: w.lo + root.derive('damage').int(w.hi - w.lo + 1), weight: w.weight, price: w.price };
  const mods = root.derive('@modlist');
  const a = mods.pick(PREFIX);
  const b = mods.pick(SUFFIX);
  p = b[1](a[1](p));
  p.magical = 1;
  return { seed, blueprint: w.name, factory: 'MagicalWeapon', mods: [a[0], b[0]], properties: p };
}

export interface BlueprintBenchRow {
  name: string;
  gramlog: number;
  peer: number;
  goal: number;
}

export async function benchBlueprints(options: { quick?: boolean } = {}): Promise<BlueprintBenchRow[]> {
  const ms = options.quick ? 300 : 1500;
  const t0 = performance.now();
  const library = parseBlueprints(readFileSync(resolve(repoRoot, 'rules/items.bp'), 'utf8'), { file: 'rules/items.bp' });
  const compileMs = performance.now() - t0;
  // the peers build what the interpreter builds
  for (const [name, byHand] of [['Spear', spearByHand], ['{MagicalWeapon}', magicalByHand]] as const) {
    for (let s = 0; s < 50; s++) {
      if (JSON.stringify(master(library, name, { seed: s })) !== JSON.stringify(byHand(s))) throw new Error(`blueprint bench: the hand-written ${name} differs from the master at seed ${s}`);
    }
  }
  const rows: BlueprintBenchRow[] = [
    { name: 'simple master (Spear)', gramlog: perSecond((s) => master(library, 'Spear', { seed: s }), ms).perSecond, peer: perSecond(spearByHand, ms).perSecond, goal: 50_000 },
    {
      name: 'factory master, two mods ({MagicalWeapon})',
      gramlog: perSecond((s) => master(library, '{MagicalWeapon}', { seed: s }), ms).perSecond,
      peer: perSecond(magicalByHand, ms).perSecond,
      goal: 5_000,
    },
  ];
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log('\n## Blueprint mastering: rules/items.bp');
  console.log(`library compiled (parse, inheritance, ${library.sets.size} domain sets by one engine evaluation) in ${compileMs.toFixed(1)} ms`);
  console.log('peer: the same objects built by hand-written JavaScript with the same seeded streams');
  console.log('| workload | gramlog masters/s | peer objects/s | gramlog/peer | goal | met |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${fmt(r.gramlog)} | ${fmt(r.peer)} | ${(r.gramlog / r.peer).toFixed(2)}× | ${fmt(r.goal)}/s | ${r.gramlog >= r.goal ? 'yes' : 'no'} |`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBlueprints({ quick: process.argv.includes('--quick') });
