/**
 * Installed before every test file (vitest.config.ts setupFiles): any error
 * code raised in src/ that the registry lacks throws where it is raised, and
 * fails the test file here even when the code under test caught the throw.
 */
import { afterAll, expect } from 'vitest';
import { installCodeCheck, unregisteredCodes } from '../../src/codes/guard.js';

installCodeCheck();

afterAll(() => {
  expect(unregisteredCodes(), 'every error code raised must be registered in src/codes/').toEqual([]);
});
