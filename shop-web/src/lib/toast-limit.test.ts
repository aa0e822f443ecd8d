import { describe, expect, it } from 'vitest';
import { toastsOverLimit } from './toast-limit';
import { TOAST } from './ui-constants';

/** `count` toasts as the toaster keeps them, newest first (t<count> … t1). */
const shown = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `t${count - i}`, visible: true }));

describe('the toast limit (SPEC.md section 4: at most 20 kept)', () => {
  it('is the shared constant, 20', () => {
    expect(TOAST.limit).toBe(20);
  });

  it('keeps TOAST.limit toasts and dismisses the oldest beyond them', () => {
    expect(toastsOverLimit(shown(TOAST.limit))).toEqual([]);
    expect(toastsOverLimit(shown(TOAST.limit + 1))).toEqual(['t1']);
    expect(toastsOverLimit(shown(TOAST.limit + 5))).toEqual(['t5', 't4', 't3', 't2', 't1']);
  });

  it('counts only the toasts still showing', () => {
    const leaving = [...shown(TOAST.limit), { id: 'gone', visible: false }];
    expect(toastsOverLimit(leaving)).toEqual([]);
    expect(toastsOverLimit([{ id: 'new', visible: true }, ...leaving])).toEqual(['t1']);
  });

  it('takes another limit when given one', () => {
    expect(toastsOverLimit(shown(3), 2)).toEqual(['t1']);
  });
});
