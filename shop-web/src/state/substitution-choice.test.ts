import { describe, expect, it } from 'vitest';
import { commonChoice, lineChoice, SUBSTITUTION_CHOICES } from './substitution-choice';

describe('the substitution choice', () => {
  it('offers the three choices, each with its own catalogue key', () => {
    expect(SUBSTITUTION_CHOICES).toEqual([
      { value: 'SIMILAR', key: 'substitution.choice.similar' },
      { value: 'ASK', key: 'substitution.choice.ask' },
      { value: 'NONE', key: 'substitution.choice.none' },
    ]);
  });

  it('reads a line without a choice as SIMILAR', () => {
    expect(lineChoice({})).toBe('SIMILAR');
    expect(lineChoice({ substitution: null })).toBe('SIMILAR');
    expect(lineChoice({ substitution: 'NONE' })).toBe('NONE');
  });

  it('names the whole order\'s choice only when every line has it', () => {
    expect(commonChoice([])).toBeNull();
    expect(commonChoice([{ substitution: 'ASK' }, { substitution: 'ASK' }])).toBe('ASK');
    expect(commonChoice([{}, { substitution: 'SIMILAR' }])).toBe('SIMILAR');
    expect(commonChoice([{ substitution: 'ASK' }, { substitution: 'NONE' }])).toBeNull();
  });
});
