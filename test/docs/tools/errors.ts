/**
 * Writes the error index, docs/reference/errors.md, from the registry
 * (`npm run docs:errors`); test/codes/index-doc.test.ts fails when the
 * committed page differs. A script, not a test: run with node --import tsx/esm.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INDEX_PATH, renderIndex } from '../../../src/codes/doc.js';
import { runAllExamples } from '../../codes/run-examples.js';
import { ALL_CODES } from '../../../src/codes/index.js';
import { repoRoot } from '../../helpers.js';

const text = renderIndex(ALL_CODES, await runAllExamples(ALL_CODES));
writeFileSync(join(repoRoot, INDEX_PATH), text);
process.stdout.write(`wrote ${INDEX_PATH} (${ALL_CODES.length} codes)\n`);
