// A fixture of scripts/eslint-rules.test.mjs: imports a module of the circle without being part of it.
import { a } from './cycle-a';

export const leaf = a * 2;
