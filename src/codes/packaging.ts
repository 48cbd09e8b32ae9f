import { declareCodes } from './registry.js';

export const CODES = declareCodes<never>([]);
