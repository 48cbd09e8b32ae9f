/** Golden cases of `gramlog validate`: GDL games and their findings (test/golden/golden.ts). */
import { goldenCases } from '../golden.js';

goldenCases(import.meta.url);
