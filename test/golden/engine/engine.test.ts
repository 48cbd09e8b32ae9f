/** Golden cases of the rule engine through `gramlog query`: evaluation, and the program errors of every file kind (test/golden/golden.ts). */
import { goldenCases } from '../golden.js';

goldenCases(import.meta.url);
