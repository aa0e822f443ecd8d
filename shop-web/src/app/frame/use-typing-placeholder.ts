import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_PLACEHOLDER_PREFIX, SEARCH_PLACEHOLDER_WORDS, SEARCH_TYPING_PAUSE_MS, SEARCH_TYPING_SPEED_MS } from '../../lib/ui-constants';

/**
 * The text of the idle search placeholder at step `typed` of word `word`: 'Search "milk"' typed out. `say`
 * gives it in the shopper's language (the words are catalogue keys `search.words.<word>`).
 */
export function placeholderText(word: number, typed: number, say?: (key: string, values: Record<string, string>) => string): string {
  const english = SEARCH_PLACEHOLDER_WORDS[word % SEARCH_PLACEHOLDER_WORDS.length] ?? '';
  const text = say ? say('search.placeholder', { word: say(`search.words.${english}`, {}) }) : `${SEARCH_PLACEHOLDER_PREFIX} "${english}"`;
  return text.slice(0, typed);
}

/** The animated placeholder: types each suggestion at 50 ms a character, rests 1 s, then the next. */
export function useTypingPlaceholder(active: boolean): string {
  const [state, setState] = useState({ word: 0, typed: 0 });
  const { t } = useTranslation();
  const say = (key: string, values: Record<string, string>) => t(key, values);
  useEffect(() => {
    if (!active) return;
    const full = placeholderText(state.word, Number.MAX_SAFE_INTEGER, say).length;
    const done = state.typed >= full;
    const timer = window.setTimeout(
      () => setState((s) => (done ? { word: (s.word + 1) % SEARCH_PLACEHOLDER_WORDS.length, typed: 0 } : { ...s, typed: s.typed + 1 })),
      done ? SEARCH_TYPING_PAUSE_MS : SEARCH_TYPING_SPEED_MS,
    );
    return () => window.clearTimeout(timer);
  }, [active, state]);
  return placeholderText(state.word, state.typed, say);
}
