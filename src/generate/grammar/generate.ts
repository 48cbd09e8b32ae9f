/**
 * The grammar generator's entry points:
 *
 *   const grammar = compileGrammar(text, { params: { depth: '4' } });
 *   const a = generateFrom(grammar, 42);                 // an Artifact (a value)
 *   const b = generate(text, { seed: 42, explain: true }); // compile + generate
 *   explain(b);                                          // the --explain text, from the store
 *
 * The same grammar, seed and params always give the same artifact.
 */
import { withSeed } from '../seed-error.js';
import { GramlogError } from '../../errors.js';
import { attachLazyTree, type Artifact, type ArtifactNode } from './artifact.js';
import { unusedChoices, type Choices } from './choices.js';
import { expandTree, type ExpandOptions } from './expand.js';
import { explainStore } from './explain.js';
import { compileGrammar, type Grammar, type GrammarOptions, type GrammarSource } from './grammar.js';
import { historyOf } from '../history.js';
import type { MemoryBudget } from '../memory.js';
import { GenerationHistory } from './history.js';
import { record } from '../../data/records.js';
import { pushAll } from '../../arrays.js';

export interface GenerateOptions extends GrammarOptions {
  /** The seed (default 0); printed with the artifact, it replays it. */
  seed?: number | string;
  /** Record the expansion history in a store (for `explain`). Slower. */
  explain?: boolean;
  /** See GenerateFromOptions.memo. */
  memo?: boolean;
  /** See GenerateFromOptions.memory. */
  memory?: MemoryBudget;
}

export interface GenerateFromOptions {
  explain?: boolean;
  /**
   * Reuse the evaluation of a node for later nodes with the same facts
   * (default true). Never changes the artifact; off, every node runs the engine.
   */
  memo?: boolean;
  /** Forced choices, PATH → RULE (see choices.ts); the artifact records them as `choices`. */
  choose?: Choices;
  /** Overrides naming no nonterminal node are an error (default true); the shrinker turns it off and drops them. */
  strictChoices?: boolean;
  /** Stop with generate/memory when the heap outgrows it (default: the installed budget, ../memory.ts). */
  memory?: MemoryBudget;
  /** Told of every nonterminal node's choice (expand.ts ExpandOptions.onChoice). */
  onChoice?: ExpandOptions['onChoice'];
}

/** Generate one artifact from a compiled grammar. */
export function generateFrom(grammar: Grammar, seed: number | string = 0, options: GenerateFromOptions = {}): Artifact {
  const history = options.explain ? new GenerationHistory(grammar, seed) : undefined;
  let expansion;
  try {
    expansion = expandTree(grammar, seed, {
      ...(history ? { recorder: history } : {}),
      memo: options.memo ?? true,
      ...(options.choose ? { choose: options.choose } : {}),
      ...(options.memory ? { memory: options.memory } : {}),
      ...(options.onChoice ? { onChoice: options.onChoice } : {}),
    });
    if (options.choose && options.strictChoices !== false) {
      const paths: string[] = [];
      for (const stack = [expansion.root]; stack.length > 0; ) {
        const n = stack.pop() as (typeof stack)[number];
        if (n.rule) paths.push(n.path);
        pushAll(stack, n.children);
      }
      const err = unusedChoices(options.choose, expansion.forced, paths);
      if (err) throw err;
    }
  } catch (e) {
    throw e instanceof GramlogError ? withSeed(e, seed) : e;
  }
  const applied: Record<string, number> = record();
  for (const r of grammar.ruleList) applied[r.name] = expansion.applied[r.serial] as number;
  const artifact: Artifact = {
    seed,
    root: undefined as unknown as ArtifactNode, // written out when first read (attachLazyTree below)
    nodeCount: expansion.nodeCount,
    params: grammar.params,
    applied,
    grammar,
  };
  if (options.choose && expansion.forced.size > 0) {
    artifact.choices = Object.fromEntries([...expansion.forced].sort().map((p) => [p, options.choose?.get(p) as string]));
  }
  if (history) artifact.history = history;
  attachLazyTree(artifact, expansion.root, grammar.program.terms);
  return artifact;
}

/** Compile (unless given a compiled grammar) and generate one artifact. */
export function generate(source: GrammarSource | Grammar, options: GenerateOptions = {}): Artifact {
  const grammar = isGrammar(source) ? source : compileGrammar(source, options);
  return generateFrom(grammar, options.seed ?? 0, { explain: options.explain ?? false, memo: options.memo ?? true, ...(options.memory ? { memory: options.memory } : {}) });
}

/** Why each node got its rule: the weights after every pipeline step, read from the history store. */
export function explain(artifact: Artifact): string {
  return explainStore(historyOf(artifact), artifact.seed);
}

export function isGrammar(x: unknown): x is Grammar {
  return typeof x === 'object' && x !== null && 'ruleList' in x && 'nonterminals' in x && 'base' in x;
}
