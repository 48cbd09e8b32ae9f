/** Every GDL-II code's registered example makes `validate` report that code, with its severity. */
import { describe, expect, it } from 'vitest';
import { CODES } from '../../src/codes/gdl-ii.js';
import { validateGame } from '../../src/gdl/validate/validate.js';

describe('GDL-II codes (src/codes/gdl-ii.ts)', () => {
  for (const c of CODES) {
    it(`${c.code}: its example reports it`, () => {
      expect(c.example).toBeDefined();
      const r = validateGame(c.example?.text ?? '', { file: c.example?.file ?? 'x.kif' });
      expect(r.findings.map((f) => `${f.severity} ${f.code}`)).toContain(`${c.severity} ${c.code}`);
    });
  }
});
