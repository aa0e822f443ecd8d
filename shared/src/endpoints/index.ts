// Every endpoint of the API, by area (`ENDPOINTS.cart.add`): the one list the server mounts, the authorization
// table is generated from, and every client calls through.
import { categories, products, subCategories, variations } from './catalogue';
import { credit, problems, promoCodes } from './credit';
import { cart, cash, counters, orders, reports, riders } from './orders';
import { account, addresses, files, users } from './people';
import { health, shop } from './store';

export const ENDPOINTS = {
  health,
  shop,
  account,
  users,
  files,
  addresses,
  cart,
  orders,
  reports,
  riders,
  cash,
  counters,
  categories,
  subCategories,
  products,
  variations,
  problems,
  credit,
  promoCodes,
} as const;

export * from './define';
export * from './answers';
export * from './schema-table';
