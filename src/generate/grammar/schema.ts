/** The grammar vocabulary as data (see ../vocabulary-schema.ts). Filled in by the vocabulary work (issue 19). */
import type { VocabularySchema } from '../vocabulary-schema.js';

export const GRAMMAR_SCHEMA: VocabularySchema = { kind: 'grammar', title: 'grammar', entries: [] };
