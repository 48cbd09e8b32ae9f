/**
 * `Code` is derived from the registry (src/codes/index.ts): GramlogError,
 * Diagnostic, GDL findings and layer findings (both Diagnostics) take a
 * Code, so a misspelt code fails `npm run typecheck`. The @ts-expect-error lines below are that check: were
 * Code to widen to string, they would be unused and the type check would fail.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ALL_CODES, type Code } from '../../src/codes/index.js';
import { GramlogError, type Diagnostic } from '../../src/errors.js';
import { error as gdlError, type Finding } from '../../src/gdl/validate/finding.js';
import type { LayerFinding } from '../../src/generate/layers/findings.js';

describe('the Code type', () => {
  it('holds the registered codes and nothing else', () => {
    expectTypeOf<'engine/limit'>().toMatchTypeOf<Code>();
    expectTypeOf<'safety'>().toMatchTypeOf<Code>();
    expectTypeOf<string>().not.toMatchTypeOf<Code>();
    expectTypeOf<Diagnostic['code']>().toEqualTypeOf<Code>();
    expectTypeOf<Finding['code']>().toEqualTypeOf<Code>();
    expectTypeOf<Finding>().toMatchTypeOf<Diagnostic>();
    expectTypeOf<LayerFinding>().toMatchTypeOf<Diagnostic>();
    expectTypeOf<LayerFinding['code']>().toMatchTypeOf<Code>();
    const codes: readonly string[] = ALL_CODES.map((c) => c.code);
    expect(codes).toContain('engine/limit' satisfies Code);
  });

  it('rejects a misspelt code at compile time', () => {
    const misspelt = (): unknown => [
      // @ts-expect-error: 'engine/limmit' is no registered code
      new GramlogError('engine/limmit', 'm'),
      // @ts-expect-error: a diagnostic's code is a registered one
      { code: 'vocabulary/arty', severity: 'error', message: 'm' } satisfies Diagnostic,
      // @ts-expect-error: a GDL finding's code is a registered one
      gdlError('stratificaton', 'm'),
      // @ts-expect-error: so is one written out
      { code: 'bases-typo', severity: 'error', message: 'm' } satisfies Finding,
      // @ts-expect-error: a layer finding's code is one of the layer checks' registered codes
      { code: 'layers/cycel', severity: 'error', message: 'm', layers: [] } satisfies LayerFinding,
    ];
    expect(typeof misspelt).toBe('function');
  });
});
