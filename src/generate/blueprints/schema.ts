/** The blueprints vocabulary as data (see ../vocabulary-schema.ts). Filled in by the vocabulary work (issue 19). */
import type { VocabularySchema } from '../vocabulary-schema.js';

export const BLUEPRINT_SCHEMA: VocabularySchema = { kind: 'blueprints', title: 'blueprints', entries: [] };
