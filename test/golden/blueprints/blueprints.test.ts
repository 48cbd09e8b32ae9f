/** Golden cases of blueprint libraries (.bp): master, analyze and query output and their diagnostics (test/golden/golden.ts). */
import { goldenCases } from '../golden.js';

goldenCases(import.meta.url);
