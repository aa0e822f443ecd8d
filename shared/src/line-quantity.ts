// The most of one item a cart or order line may hold, apart from the request schemas: the shop's first page
// (shared/src/catalogue.ts's maxQuantity) needs the number but not zod, which the schemas create at load time.

/** The most of one item a cart line may hold. */
export const MAX_LINE_QUANTITY = 1000;
