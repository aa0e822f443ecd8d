// A fixture of scripts/eslint-rules.test.mjs: cycle-a imports cycle-b, which takes a type back from cycle-a.
import { b } from './cycle-b';

export interface A {
  name: string;
}
export const a = b + 1;
