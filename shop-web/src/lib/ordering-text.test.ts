import { afterAll, describe, expect, it } from 'vitest';
import { formatClock, orderingState, type OrderingInput } from '@kade/shared';
import si from '../locales/si/shop.json';
import ta from '../locales/ta/shop.json';
import { i18n, startI18n } from '../i18n/i18n';
import { closedNotice, optionNotice, pauseText } from './ordering-text';

const ZONE = 'Asia/Colombo';
// 10:00 in Colombo (UTC+5:30), inside the shop's hours.
const NOW = new Date('2025-11-22T04:30:00Z');
const base: OrderingInput = { now: NOW, timeZone: ZONE, shopHours: '06:30-23:00', requireAttended: false, lastAttendedAt: null, pause: null, slots: {} };

describe('closedNotice', () => {
  it('is null while the shop takes orders, and while the state is unknown', () => {
    expect(closedNotice(orderingState(base), ZONE)).toBeNull();
    expect(closedNotice(null, ZONE)).toBeNull();
  });

  it('says why and when a pause ends, on the shop clock', () => {
    const state = orderingState({ ...base, pause: { scope: 'all', until: '2025-11-22T05:00:00Z', by: 'Asha' } });
    expect(closedNotice(state, ZONE)).toEqual({
      title: 'We are not taking orders right now',
      message: 'The shop is very busy and has paused new orders.',
      until: 'Expected back at 22 Nov 2025, 10:30 am.',
    });
  });

  it('has no time when the server knows none (nobody at the counter)', () => {
    const state = orderingState({ ...base, requireAttended: true });
    expect(closedNotice(state, ZONE)).toMatchObject({ message: expect.stringContaining('Nobody is at the counter') as unknown, until: null });
  });
});

describe('optionNotice', () => {
  it('says nothing for an option that can be chosen', () => {
    expect(optionNotice(orderingState(base).options[0], ZONE)).toBeNull();
  });

  it('names a full option and the next one to try', () => {
    const state = orderingState({ ...base, slots: { '50 Minutes to 1 Hour': { capacity: 2, openOrders: 2 } } });
    expect(optionNotice(state.options[1], ZONE)).toBe('Full now. Try Between 2 Hours to 2.30 Hours instead.');
  });

  it('gives a paused option its end and the next option', () => {
    const state = orderingState({ ...base, pause: { scope: 'fastest', until: '2025-11-22T05:00:00Z', by: null } });
    expect(optionNotice(state.options[0], ZONE)).toBe('Paused while the shop is busy until 22 Nov 2025, 10:30 am. Try 50 Minutes to 1 Hour instead.');
  });

  it('suggests nothing when no option is left', () => {
    const full = { capacity: 0, openOrders: 0 };
    const state = orderingState({ ...base, slots: { '20 Minutes to 30 Minutes': full, '50 Minutes to 1 Hour': full, 'Between 2 Hours to 2.30 Hours': full } });
    expect(optionNotice(state.options[2], ZONE)).toBe('Full now.');
  });
});

describe('pauseText', () => {
  it('says what is paused and until when', () => {
    expect(pauseText({ scope: 'all', until: null, by: 'Asha' }, '20 Minutes to 30 Minutes', ZONE)).toBe('All ordering paused until resumed');
    expect(pauseText({ scope: 'fastest', until: '2025-11-22T05:00:00Z', by: null }, '20 Minutes to 30 Minutes', ZONE)).toBe('20 Minutes to 30 Minutes paused until 22 Nov 2025, 10:30 am');
  });
});

describe("closedNotice in the shopper's language (issue 21)", () => {
  // 10:00 in Colombo is before these hours: the shop is closed (SHOP_CLOSED)
  const hours = '11:00-22:30';
  const closed = orderingState({ ...base, shopHours: hours });

  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it("says the shop's hours as each language writes a time: English as the server does, never AM or PM in Sinhala or Tamil", async () => {
    await startI18n('en');
    expect(closedNotice(closed, ZONE, { say: i18n.t, language: 'en', shopHours: hours })?.message).toBe('The shop takes orders from 11:00 to 22:30.');
    await i18n.changeLanguage('ta');
    expect(closedNotice(closed, ZONE, { say: i18n.t, language: 'ta', shopHours: hours })?.message).toBe(ta.ordering.SHOP_CLOSED.replace('{{from}}', '11:00').replace('{{to}}', '22:30'));
    await i18n.changeLanguage('si');
    const sinhala = closedNotice(closed, ZONE, { say: i18n.t, language: 'si', shopHours: hours })?.message;
    expect(sinhala).toBe(si.ordering.SHOP_CLOSED.replace('{{from}}', formatClock(11 * 60, 'si')).replace('{{to}}', formatClock(22 * 60 + 30, 'si')));
    expect(sinhala).not.toMatch(/AM|PM/);
  });
});
