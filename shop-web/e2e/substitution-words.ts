// What the substitution walks (issue 33) read on screen, in each language, from the shop's own catalogues, and the
// setup they share: a shopper's page in a language at 360 px, an order taken by staff.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Language } from '@kade/shared';
import { STORAGE_KEYS } from '../src/lib/ui-constants';
import { call, type Session } from './shopper-api';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The languages every substitution walk runs in. */
export const LANGUAGES: readonly Language[] = ['en', 'si', 'ta'];

/** A 360 px phone. */
export const PHONE_360 = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The shop's words in `language`: `say('orders.prompt.title', { name })` as the screen writes it. */
export function wordsOf(language: Language): (key: string, values?: Record<string, string | number>) => string {
  const tree = JSON.parse(readFileSync(path.join(here, '..', 'src', 'locales', language, 'shop.json'), 'utf8')) as Record<string, unknown>;
  return (key, values = {}) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    if (typeof text !== 'string') throw new Error(`no ${key} in the ${language} catalogue`);
    return text.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

/** Opens the shop in `language` on this page (before its scripts run). */
export async function speak(page: Page, language: Language): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEYS.language, JSON.stringify(language)] as const);
}

/** Staff take an order (Processing), so it can be packed. */
export async function takeOrder(request: APIRequestContext, staff: Session, orderId: string): Promise<void> {
  const moved = await call(request, staff.accessToken, 'PUT', '/api/orders/update-status', { orderId, order_status: 'Processing' });
  expect(moved.status, moved.body.message).toBe(200);
}
