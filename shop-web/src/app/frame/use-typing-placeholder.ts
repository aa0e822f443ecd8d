import { useEffect, useState } from 'react';
import { SEARCH_PLACEHOLDER_PREFIX, SEARCH_PLACEHOLDER_WORDS, SEARCH_TYPING_PAUSE_MS, SEARCH_TYPING_SPEED_MS } from '@kade/shared';

/** The text of the idle search placeholder at step `typed` of word `word`: 'Search "milk"' typed out. */
export function placeholderText(word: number, typed: number): string {
  const text = `${SEARCH_PLACEHOLDER_PREFIX} "${SEARCH_PLACEHOLDER_WORDS[word % SEARCH_PLACEHOLDER_WORDS.length]}"`;
  return text.slice(0, typed);
}

/** The animated placeholder: types each suggestion at 50 ms a character, rests 1 s, then the next. */
export function useTypingPlaceholder(active: boolean): string {
  const [state, setState] = useState({ word: 0, typed: 0 });
  useEffect(() => {
    if (!active) return;
    const full = placeholderText(state.word, Number.MAX_SAFE_INTEGER).length;
    const done = state.typed >= full;
    const timer = window.setTimeout(
      () => setState((s) => (done ? { word: (s.word + 1) % SEARCH_PLACEHOLDER_WORDS.length, typed: 0 } : { ...s, typed: s.typed + 1 })),
      done ? SEARCH_TYPING_PAUSE_MS : SEARCH_TYPING_SPEED_MS,
    );
    return () => window.clearTimeout(timer);
  }, [active, state]);
  return placeholderText(state.word, state.typed);
}
