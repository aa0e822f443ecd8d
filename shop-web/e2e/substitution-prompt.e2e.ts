// The live substitution prompt (issue 33, item 4) on a 360 px phone in English, Sinhala and Tamil: a shopper
// browsing the shop is asked about a substitute staff propose for their order, with both items, both prices and the
// countdown, and accepts with a tap; a proposal answered elsewhere leaves the prompt, and one put off is answered on
// My Orders.
// It needs POST /api/orders/substitutions and PUT /api/orders/substitutions/answer: it joins the phone project in
// playwright.config.ts once they are served (until then the config leaves it out).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatRs, rupeesToPaise, type OrderWire, type ProposalWire } from '@kade/shared';
import { expectAccessible, shot, socketConnected } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, placeCashOrder, setCart, staffSession, useSession, type Session } from './shopper-api';
import { LANGUAGES, PHONE_360, speak, takeOrder, wordsOf } from './substitution-words';

test.use({ baseURL: process.env.KADE_URL, ...PHONE_360 });

/**
 * A taken order of `short` (the shopper said Ask me for it) and `kept`, and a substitute dearer than `short`:
 * answers the shopper, the order and the products' names.
 */
async function orderToPack(request: APIRequestContext, tag: string) {
  const admin = await adminSession(request);
  const staff = await staffSession(request, 'Substituting Clerk');
  const names = { short: `Prompt Ghee ${tag}`, kept: `Prompt Salt ${tag}`, substitute: `Prompt Butter ${tag}` };
  const short = await createProduct(request, admin, { name: names.short, price: 300, stock: 20 });
  const kept = await createProduct(request, admin, { name: names.kept, price: 100, stock: 20 });
  const substitute = await createProduct(request, admin, { name: names.substitute, price: 350, stock: 20 });
  const shopper = await newShopper(request, 'Prompted Shopper');
  const addressId = await addAddress(request, shopper);
  await setCart(request, shopper, [{ productId: short, quantity: 1 }, { productId: kept, quantity: 1 }]);
  const cart = (await call<Array<{ _id: string; productId: { _id: string } }>>(request, shopper.accessToken, 'GET', '/api/cart/get')).body.data;
  const line = cart.find((each) => each.productId._id === short);
  expect((await call(request, shopper.accessToken, 'PUT', '/api/cart/substitution', { _id: line?._id, substitution: 'ASK' })).status).toBe(200);
  const placed = await placeCashOrder<OrderWire>(request, shopper, { addressId, lines: [{ productId: short, quantity: 1 }, { productId: kept, quantity: 1 }] });
  expect(placed.status, placed.body.message).toBe(201);
  const order = placed.body.data;
  await takeOrder(request, staff, order._id);
  const packed = await call(request, staff.accessToken, 'PUT', '/api/orders/pack', { orderId: order._id, lines: [{ productId: short, found: 0 }] });
  expect(packed.status, packed.body.message).toBe(200);
  return { staff, shopper, order, ids: { short, kept, substitute }, names };
}

/** Staff propose the substitute for the short line: it waits for the shopper (they said Ask me). */
async function propose(request: APIRequestContext, staff: Session, orderId: string, productId: string, substituteId: string): Promise<ProposalWire> {
  const answer = await call<{ proposal: ProposalWire; order: OrderWire }>(request, staff.accessToken, 'POST', '/api/orders/substitutions', { orderId, productId, substituteId, quantity: 1 });
  expect(answer.status, answer.body.message).toBe(201);
  expect(answer.body.data.proposal.status).toBe('PENDING');
  return answer.body.data.proposal;
}

for (const language of LANGUAGES) {
  test(`in ${language}: a shopper browsing the shop is asked about a substitute and accepts it`, async ({ page, request }, info) => {
    const say = wordsOf(language);
    const { staff, shopper, order, ids, names } = await orderToPack(request, `${language}${Date.now() % 100_000}`);
    await speak(page, language);
    await useSession(page, shopper);
    const live = socketConnected(page);
    await page.goto('/');
    await live;

    await propose(request, staff, order._id, ids.short, ids.substitute);
    const dialog = page.getByRole('dialog', { name: say('orders.prompt.title', { name: names.short }) });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(names.substitute);
    await expect(dialog).toContainText(say('orders.prompt.each', { amount: formatRs(rupeesToPaise(300)) }));
    await expect(dialog).toContainText(say('orders.prompt.each', { amount: formatRs(rupeesToPaise(350)) }));
    await expect(dialog).toContainText(say('orders.prompt.youPay', { amount: formatRs(rupeesToPaise(350)) }));
    const [before, after] = say('orders.prompt.timeLeft').split('{{time}}');
    await expect(dialog.getByRole('timer')).toHaveText(new RegExp(`^${before}[0-5]:[0-5]\\d${after}$`));
    // the focus is in the prompt, on its first answer
    await expect(dialog.getByRole('button', { name: say('orders.prompt.accept') })).toBeFocused();
    await shot(page, info, `substitution-prompt-${language}`);
    await expectAccessible(page, info, `substitution-prompt-${language}`);

    await dialog.getByRole('button', { name: say('orders.prompt.accept') }).click();
    await expect(page.getByText(say('orders.prompt.accepted'))).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const orders = (await call<OrderWire[]>(request, shopper.accessToken, 'GET', '/api/order/order-list?limit=5')).body.data;
    expect(orders.find((each) => each._id === order._id)?.proposals?.map((each) => each.status)).toEqual(['ACCEPTED']);

    // My Orders: the short line removed and the substitute kept in its place, at the price accepted
    await page.goto('/dashboard/myorders');
    const card = page.getByRole('article', { name: say('orders.order', { id: order.orderId }) });
    await expect(card).toContainText(say('orders.revision.replacedBy', { name: names.substitute, qty: 1 }));
    await expect(card.getByRole('listitem').filter({ hasText: names.short })).toContainText(say('orders.revision.removed'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

test('a proposal answered on another phone leaves the prompt at once; one put off with Later is answered on My Orders', async ({ page, request }) => {
  const say = wordsOf('en');
  const { staff, shopper, order, ids, names } = await orderToPack(request, `late${Date.now() % 100_000}`);
  await useSession(page, shopper);
  const live = socketConnected(page);
  await page.goto('/');
  await live;
  const proposal = await propose(request, staff, order._id, ids.short, ids.substitute);
  const dialog = page.getByRole('dialog', { name: say('orders.prompt.title', { name: names.short }) });
  await expect(dialog).toBeVisible();
  // answered on another phone first
  expect((await call(request, shopper.accessToken, 'PUT', '/api/orders/substitutions/answer', { orderId: order._id, proposalId: proposal._id, accept: false })).status).toBe(200);
  const second = await call(request, shopper.accessToken, 'PUT', '/api/orders/substitutions/answer', { orderId: order._id, proposalId: proposal._id, accept: true });
  expect(second.body.code).toBe('PROPOSAL_ANSWERED');
  // the declined proposal came back live (order:revised): the prompt has nothing left to ask
  await expect(dialog).toHaveCount(0);

  // a new proposal, put off with Later, is answered on My Orders instead
  const again = await propose(request, staff, order._id, ids.short, ids.kept);
  const next = page.getByRole('dialog', { name: say('orders.prompt.title', { name: names.short }) });
  await expect(next).toContainText(names.kept);
  await next.getByRole('button', { name: say('orders.prompt.later') }).click();
  await expect(next).toHaveCount(0);
  await page.goto('/dashboard/myorders');
  // on a fresh page the prompt asks again; put it off, and answer on the card
  await page.getByRole('dialog').getByRole('button', { name: say('orders.prompt.later') }).click();
  const card = page.getByRole('article', { name: say('orders.order', { id: order.orderId }) });
  const waiting = card.getByRole('region', { name: say('orders.revision.waiting') });
  await waiting.getByRole('button', { name: say('orders.prompt.decline') }).click();
  await expect(page.getByText(say('orders.prompt.declined'))).toBeVisible();
  await expect(waiting).toHaveCount(0);
  const orders = (await call<OrderWire[]>(request, shopper.accessToken, 'GET', '/api/order/order-list?limit=5')).body.data;
  expect(orders.find((each) => each._id === order._id)?.proposals?.find((each) => each._id === again._id)?.status).toBe('DECLINED');
});
