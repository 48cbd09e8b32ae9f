/** `npm run docs:vocabulary`: write docs/reference/vocabulary.md from the vocabulary schemas. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { vocabularyReference } from './vocabulary-doc.js';

const path = resolve(import.meta.dirname, '../../../docs/reference/vocabulary.md');
mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, vocabularyReference());
process.stdout.write(`wrote ${path}\n`);
