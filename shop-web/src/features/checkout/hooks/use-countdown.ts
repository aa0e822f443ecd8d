import { useEffect, useState } from 'react';

/**
 * Counts down once a second from `seconds`; calls `onDone` when it reaches 0. `held` stops it where it is (a person who
 * asked to stay: a time limit they can turn off, WCAG 2.2.1).
 */
export function useCountdown(seconds: number, onDone: () => void, held = false): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (held) return undefined;
    if (left <= 0) {
      onDone();
      return undefined;
    }
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, onDone, held]);
  return left;
}
