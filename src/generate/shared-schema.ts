/**
 * Vocabulary every generator style shares (params.ts, violations.ts): the
 * entries are spread into each style's schema.
 */
import type { VocabularyEntry } from '../vocabulary-schema.js';

export const PARAM_ENTRY: VocabularyEntry = {
  name: 'param',
  args: [
    { name: 'KEY', kind: 'param', declares: true },
    { name: 'VALUE', kind: 'term' },
  ],
  use: 'fact',
  group: 'params and checks',
  doc: 'A parameter with its default; `--param KEY=VALUE` (or a check) replaces it, rules read it with (param KEY ?v).',
  example: '(param maxrooms 8)',
};

export const VIOLATION_ENTRY: VocabularyEntry = {
  name: 'violation',
  args: [
    { name: 'NAME', kind: 'name', optional: true },
    { name: 'ARG', kind: 'term', variadic: true },
  ],
  use: 'derivable',
  group: 'params and checks',
  doc: 'An invariant the artifact breaks: `generate` prints it and exits 1, `check` searches seeds and params for one.',
  example: '(<= (violation too-deep ?n) (depth ?n ?d) (> ?d 6))',
};

/** Params and violations, in every generator schema. */
export const SHARED_ENTRIES: readonly VocabularyEntry[] = [PARAM_ENTRY, VIOLATION_ENTRY];
