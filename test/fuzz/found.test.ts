// Every failure the fuzzer saved under test/fuzz/found/ (one folder per case: its input files and command.json), replayed:
// each must now keep the invariants. A case whose command.json has "open" is still someone's to fix; it is skipped with that reason.
import { expect, test } from 'vitest';
import { check } from './harness.js';
import { loadSaved } from './found.js';

const saved = loadSaved();

test('the saved cases load', () => {
  for (const s of saved) expect(s.command.broken.length, s.name).toBeGreaterThan(0);
});

for (const s of saved) {
  (s.command.open ? test.skip : test)(`replay ${s.name}${s.command.open ? ` (open: ${s.command.open})` : ''}`, async () => {
    const { broken } = await check(s.case);
    expect(broken).toEqual([]);
  }, 60_000);
}
