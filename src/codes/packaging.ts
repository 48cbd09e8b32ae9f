import type { CodeInfo } from './registry.js';

export const CODES: readonly CodeInfo[] = [];
