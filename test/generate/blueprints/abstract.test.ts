/** @abstract blueprints: in no domain set, never mastered directly; analyze suggests @abstract for a base found in a set with its heirs. */
import { describe, expect, it } from 'vitest';
import { lintLibrary } from '../../../src/generate/blueprints/lint.js';
import { master } from '../../../src/generate/blueprints/master.js';
import { runCli } from '../../cli/fake-io.js';
import { errorOf } from '../../helpers.js';
import { lib } from './helpers.js';

const WEAPONS = `@blueprint Weapon
  @domain type = weapon
  @property name = ""
  @property damage = 1
@end
@blueprint Spear : Weapon
  @property name = "Spear"
@end
@blueprint Club : Weapon
  @property name = "Club"
@end
@blueprint Loot
  @property drop = (pickOne [type: weapon])
@end
`;
const ABSTRACT = WEAPONS.replace('@blueprint Weapon\n', '@blueprint Weapon\n  @abstract\n');

describe('@abstract', () => {
  it('keeps the base out of every domain set, while its heirs inherit the keywords', () => {
    expect(lib(WEAPONS).members('type', ['weapon'], [])).toEqual(['Weapon', 'Spear', 'Club']);
    const library = lib(ABSTRACT);
    expect(library.members('type', ['weapon'], [])).toEqual(['Spear', 'Club']);
    const drops = new Set<string>();
    for (let seed = 0; seed < 40; seed++) drops.add((master(library, 'Loot', { seed }).properties['drop'] as { blueprint: string }).blueprint);
    expect([...drops].sort()).toEqual(['Club', 'Spear']);
    expect(master(library, 'Spear').properties).toMatchObject({ name: 'Spear', damage: 1 });
  });

  it('mastering it directly, or naming it in a property, is a located error', () => {
    const top = errorOf(() => master(lib(ABSTRACT), 'Weapon'));
    expect([top.code, top.span?.line, top.span?.column]).toEqual(['blueprint/abstract', 2, 3]);
    expect(top.message).toBe('Weapon is @abstract (a base for others), so it is never mastered: master one of the blueprints that inherit from it (Spear, Club), or drop @abstract');
    const ref = errorOf(() => master(lib(ABSTRACT + '@blueprint Kit\n  @property main = Weapon\n@end\n'), 'Kit'));
    expect([ref.code, ref.span?.line, ref.span?.column]).toEqual(['blueprint/abstract', 17, 20]);
  });

  it('only a @blueprint can be @abstract', () => {
    const e = errorOf(() => lib('@mod Sharp\n  @abstract\n  @domain prefix\n@end\n'));
    expect([e.code, e.span?.line, e.span?.column]).toEqual(['blueprint/misplaced', 2, 3]);
  });

  it('analyze warns when a domain set holds a base its other members inherit from', async () => {
    expect(lintLibrary(lib(WEAPONS)).map((d) => [d.code, d.severity, d.span?.line, d.span?.column, d.message])).toEqual([
      [
        'blueprint/base-in-set',
        'warning',
        13,
        29,
        'the domain set [type: weapon] holds Weapon, which Spear, Club inherit from, so the base itself can be picked: did you mean to mark Weapon @abstract?',
      ],
    ]);
    expect(lintLibrary(lib(ABSTRACT))).toEqual([]);
    const r = await runCli(['analyze', 'w.bp'], { 'w.bp': WEAPONS });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^w\.bp:13:29: warning\[blueprint\/base-in-set\]: the domain set \[type: weapon\] holds Weapon/m);
    const m = await runCli(['master', 'a.bp', 'Weapon'], { 'a.bp': ABSTRACT });
    expect(m.code).toBe(1);
    expect(m.stderr).toMatch(/^a\.bp:2:3: error\[blueprint\/abstract\]: Weapon is @abstract/);
  });
});
