/** Golden cases of layer files: generate, analyze and check output and their diagnostics (test/golden/golden.ts). */
import { goldenCases } from '../golden.js';

goldenCases(import.meta.url);
