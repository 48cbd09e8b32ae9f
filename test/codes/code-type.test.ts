/**
 * `Code` is derived from the registry (src/codes/index.ts): GramlogError,
 * Diagnostic and GDL findings take a Code, so a misspelt code fails
 * `npm run typecheck`. The @ts-expect-error lines below are that check: were
 * Code to widen to string, they would be unused and the type check would fail.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ALL_CODES, type Code } from '../../src/codes/index.js';
import { GramlogError, type Diagnostic } from '../../src/errors.js';
import type { Finding } from '../../src/gdl/validate/finding.js';

describe('the Code type', () => {
  it('holds the registered codes and nothing else', () => {
    expectTypeOf<'engine/limit'>().toMatchTypeOf<Code>();
    expectTypeOf<'safety'>().toMatchTypeOf<Code>();
    expectTypeOf<string>().not.toMatchTypeOf<Code>();
    expectTypeOf<Diagnostic['code']>().toEqualTypeOf<Code>();
    expectTypeOf<Finding['check']>().toEqualTypeOf<Code>();
    const codes: readonly string[] = ALL_CODES.map((c) => c.code);
    expect(codes).toContain('engine/limit' satisfies Code);
  });

  it('rejects a misspelt code at compile time', () => {
    const misspelt = (): unknown => [
      // @ts-expect-error: 'engine/limmit' is no registered code
      new GramlogError('engine/limmit', 'm'),
      // @ts-expect-error: a diagnostic's code is a registered one
      { code: 'vocabulary/arty', severity: 'error', message: 'm' } satisfies Diagnostic,
    ];
    expect(typeof misspelt).toBe('function');
  });
});
