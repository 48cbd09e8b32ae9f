/** The GDL (and GDL-II) vocabulary as data (see ../generate/vocabulary-schema.ts). Filled in by the vocabulary work (issue 19). */
import type { VocabularySchema } from '../generate/vocabulary-schema.js';

export const GDL_SCHEMA: VocabularySchema = { kind: 'gdl', title: 'GDL', entries: [] };
