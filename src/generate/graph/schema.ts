/** The graph vocabulary as data (see ../vocabulary-schema.ts). Filled in by the vocabulary work (issue 19). */
import type { VocabularySchema } from '../vocabulary-schema.js';

export const GRAPH_SCHEMA: VocabularySchema = { kind: 'graph', title: 'graph', entries: [] };
