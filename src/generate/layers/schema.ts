/** The layers vocabulary as data (see ../vocabulary-schema.ts). Filled in by the vocabulary work (issue 19). */
import type { VocabularySchema } from '../vocabulary-schema.js';

export const LAYERS_SCHEMA: VocabularySchema = { kind: 'layers', title: 'layers', entries: [] };
