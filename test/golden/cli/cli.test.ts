/** Golden cases of the command line: usage errors, unreadable files, the main options and explain-code (test/golden/golden.ts). */
import { goldenCases } from '../golden.js';

goldenCases(import.meta.url);
