/**
 * The arbitrary of generated artifacts with a shrinker that works in the space
 * of forced choices (shrink.ts), inside fast-check: a failing artifact shrinks
 *
 * 1. while it has no overrides, by its seed and params (fast-check's own
 *    shrinking of the input: params towards their smallest values, the seed
 *    towards 0), keeping only candidates no larger than it;
 * 2. then by one override more at a time (a smaller rule at a node, a placed
 *    site cleared), keeping only candidates that generate without an error and
 *    are strictly smaller.
 *
 * So along fast-check's shrink path the size never grows, and the final
 * counterexample replays from its seed, params and overrides.
 */
import fc from 'fast-check';
import type { GeneratedArtifact } from './artifact.js';
import type { ArtifactInput } from './arbitrary.js';
import { shrinkCandidates } from './shrink.js';

interface Context {
  input: fc.Value<ArtifactInput>;
}

export class ArtifactArbitrary extends fc.Arbitrary<GeneratedArtifact> {
  constructor(
    private readonly inputs: fc.Arbitrary<ArtifactInput>,
    private readonly make: (input: ArtifactInput, choose?: Readonly<Record<string, string>>) => GeneratedArtifact,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<GeneratedArtifact> {
    const input = this.inputs.generate(mrng, biasFactor);
    return new fc.Value(this.make(input.value), { input } satisfies Context);
  }

  canShrinkWithoutContext(value: unknown): value is GeneratedArtifact {
    return false;
  }

  shrink(value: GeneratedArtifact, context: unknown): fc.Stream<fc.Value<GeneratedArtifact>> {
    const ctx = context as Context | undefined;
    if (!ctx) return fc.Stream.nil();
    const size = value.size;
    const plain = Object.keys(value.choose).length === 0;
    const inputs = plain
      ? this.inputs
          .shrink(ctx.input.value, ctx.input.context)
          .map((input) => new fc.Value(this.make(input.value), { input } satisfies Context))
          .filter((v) => size === undefined || (v.value.size !== undefined && v.value.size <= size))
      : fc.Stream.nil<fc.Value<GeneratedArtifact>>();
    const make = this.make;
    function* overrides(): IterableIterator<fc.Value<GeneratedArtifact>> {
      for (const choose of shrinkCandidates(value)) {
        const c = make(ctx?.input.value as ArtifactInput, choose);
        if (c.error === undefined && c.size !== undefined && size !== undefined && c.size < size) yield new fc.Value(c, ctx);
      }
    }
    return inputs.join(overrides());
  }
}
