// A fixture of scripts/eslint-rules.test.mjs: the type import that closes the circle with cycle-a.
import type { A } from './cycle-a';

export const b = 1;
export const named = (value: A): string => value.name;
