import type http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Logger } from './logger';
import type { Clock } from './clock';
import {
  bootHome,
  cardProduct,
  CATEGORY_PAGE_SIZE,
  FIRST_SCREEN_CARDS,
  homeBannerImage,
  idFromSlug,
  imageAt,
  isGated,
  languageFromTags,
  productByCategoryAndSubCategorySchema,
  productCardImage,
  productSearchSchema,
  shuffle,
  type BootListing,
  type BootSearch,
  type BootWire,
  type CategoryWire,
  type SubCategoryWire,
} from '@kade/shared';
import { envelopeMiddleware } from './http/envelope';
import { fastLane } from './http/fast-lane';
import { AppError } from './http/errors';
import { corsFor } from './http/security';
import { mountRoutes, type RouteSpec } from './http/route';
import { jsonBodies, wellFormedPath } from './http/request-shape';
import type { FirstPaint, ListingPaint } from './http/first-paint';
import { webApp, type BootPage, type FirstScreen } from './http/static';
import { healthRoutes } from './modules/health/routes';
import { serveStoredFiles } from './modules/files/routes';
import { fileRoutes } from './modules/files/upload-routes';
import { createImageService, type ImageService } from './modules/files/service';
import { authenticate } from './http/auth';
import { createUserService, type UserService } from './modules/users/service';
import { createPasswordHasher, scryptParams, type PasswordHasher } from './modules/users/password';
import { userRoutes } from './modules/users/routes';
import { adminVisibleOtpSender, type OtpSender } from './modules/users/otp-sender';
import type { CatalogueChanges } from './modules/catalog/catalogue-changes';
import { createCatalogService, type CatalogService } from './modules/catalog/service';
import { catalogRoutes } from './modules/catalog/routes';
import { createAddressService, type AddressService } from './modules/addresses/service';
import { addressRoutes } from './modules/addresses/routes';
import { createCartService, type CartService } from './modules/cart/service';
import { cartRoutes } from './modules/cart/routes';
import { createOrderService, type OrderService } from './modules/orders/service';
import { orderRoutes } from './modules/orders/routes';
import { shopConfigFor, shopRoutes } from './modules/shop/routes';
import { createOrderingService, type OrderingService } from './modules/shop/ordering';
import { silentEvents, type LiveEvents } from './modules/realtime/events';
import type { RedisState } from './modules/realtime/socket';
import { createCounterService, type CounterService } from './modules/counters/service';
import { counterRoutes } from './modules/counters/routes';
import { createReportService, type ReportService } from './modules/reports/service';
import { reportRoutes } from './modules/reports/routes';
import { createRiderService, type RiderService } from './modules/riders/service';
import { riderRoutes } from './modules/riders/routes';
import { createCreditLedger, type CreditLedger } from './modules/credit/ledger';
import { createProblemService, type ProblemService } from './modules/credit/problems';
import { createPromoService, type PromoService } from './modules/credit/promos';
import { creditRoutes } from './modules/credit/routes';

export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  version: string;
  otpSender?: OtpSender;
  /** Where order events go after a commit (the socket server); nowhere when not given. */
  events?: LiveEvents;
  /** Whether the Redis that carries live events across instances answers (for /api/health). */
  redisState?: () => RedisState;
  /** Changes to the categories on any instance (catalogue-changes.ts); without it, only this app's own writes. */
  catalogueChanges?: CatalogueChanges;
}

/** The services, built once from their factories with their dependencies. */
export interface Services {
  users: UserService;
  catalog: CatalogService;
  addresses: AddressService;
  cart: CartService;
  orders: OrderService;
  counters: CounterService;
  reports: ReportService;
  /** Riders, assigning, delivering with the cash, hand-ins (issue 20). */
  riders: RiderService;
  images: ImageService;
  /** Whether the shop takes orders now: busy mode, capacities, attendance (issue 19). */
  ordering: OrderingService;
  /** The password hashing threads (stopped with the server). */
  passwords: PasswordHasher;
  /** Store credit, problem reports and promo codes (issue 35). */
  ledger: CreditLedger;
  problems: ProblemService;
  promos: PromoService;
}

export function createServices(deps: AppDeps): Services {
  const { config, clock } = deps;
  const db = deps.db.knex;
  const addresses = createAddressService({ db, config, clock });
  const hasher = createPasswordHasher(config.work, scryptParams(config.passwordCost));
  const ordering = createOrderingService({ db, config, clock, events: deps.events ?? silentEvents, logger: deps.logger });
  const events = deps.events ?? silentEvents;
  const orders = createOrderService({ db, config, clock, addresses, events, ordering });
  const riders = createRiderService({ db, config, clock, events, orders });
  const ledger = createCreditLedger({ db, clock });
  return {
    ledger,
    problems: createProblemService({ db, clock, config, ledger, events }),
    promos: createPromoService({ db, clock }),
    users: createUserService({ db, config, clock, otpSender: deps.otpSender ?? adminVisibleOtpSender, events: deps.events ?? silentEvents, hasher }),
    catalog: createCatalogService({ db, clock, scaleLabelPattern: config.shop.scaleLabelPattern, ...(deps.catalogueChanges ? { changes: deps.catalogueChanges, logger: deps.logger } : {}) }),
    addresses,
    cart: createCartService({ db, clock }),
    orders,
    riders,
    ordering,
    counters: createCounterService({ db, clock }),
    reports: createReportService({ db, config, clock, riderCash: riders.cashRows }),
    images: createImageService({ db, clock, config }),
    passwords: hasher,
  };
}

/** Every route of the API, in one list: the authorization table test walks it. */
export function allRoutes(deps: AppDeps, services: Services, startedAt: Date): RouteSpec[] {
  return [
    ...healthRoutes({
      db: deps.db,
      startedAt,
      version: deps.version,
      redisState: deps.redisState ?? (() => 'off'),
      readModel: () => services.catalog.searchIndex?.state() ?? 'off',
    }),
    ...shopRoutes({ config: deps.config, db: deps.db.knex, clock: deps.clock, ordering: services.ordering }),
    ...userRoutes({ db: deps.db, users: services.users, images: services.images }),
    ...fileRoutes({ images: services.images }),
    ...catalogRoutes({ catalog: services.catalog }),
    ...addressRoutes({ addresses: services.addresses }),
    ...cartRoutes({ cart: services.cart }),
    ...orderRoutes({ orders: services.orders }),
    ...counterRoutes({ counters: services.counters }),
    ...reportRoutes({ reports: services.reports }),
    ...riderRoutes({ riders: services.riders }),
    ...creditRoutes({ problems: services.problems, ledger: services.ledger, promos: services.promos, cart: services.cart, images: services.images, db: deps.db.knex }),
  ];
}

/**
 * What the server writes into each page of the shop it sends (shared/src/boot.ts): the settings and the
 * category lists (both from memory) on every page, the home page's shelves on the home page, a listing's first
 * page on that listing and the first results on the search page, so the first screen renders without its
 * requests after the script; and the pictures that screen shows first, preloaded from the head as it asks for
 * them. The shop's own pages only: not the dashboard.
 */
function bootDataFor(deps: AppDeps, services: Services) {
  const shopDeps = { config: deps.config, db: deps.db.knex, clock: deps.clock, ordering: services.ordering };
  return async (ctx: Koa.Context): Promise<BootPage | undefined> => {
    if (ctx.path.startsWith('/dashboard')) return undefined;
    const { categories, shop } = services.catalog;
    const [config, categoryList, subCategories, home] = await Promise.all([
      shopConfigFor(shopDeps, ctx.get('user-agent')),
      categories.listCategories(),
      categories.listSubCategories(),
      ctx.path === '/' ? shop.home() : undefined,
    ]);
    const page = firstScreenOf(ctx.path, subCategories);
    // the app-shell gate's visitor sees only its message: no products for it
    const gated = isGated(config, ctx.path);
    const [listing, search] = gated
      ? [undefined, undefined]
      : await Promise.all([
          page === 'listing' ? bootListingFor(shop, ctx.path, categoryList) : undefined,
          page === 'search' ? bootSearchFor(shop, ctx.query.q) : undefined,
        ]);
    const data: BootWire = {
      config,
      categories: [...categoryList],
      subCategories: [...subCategories],
      ...(home ? { home: bootHome(home) } : {}),
      ...(listing ? { listing } : {}),
      ...(search ? { search } : {}),
    };
    // the home page's largest picture, its banner, fetched while the script loads rather than after it runs
    const banner = ctx.path === '/' ? config.banner?.url : undefined;
    const bannerImage = banner ? homeBannerImage(banner) : undefined;
    // a listing's or a search's first cards' pictures, likewise (the largest paint there is one of them)
    const firstCards = (listing ?? search)?.items.slice(0, FIRST_SCREEN_CARDS) ?? [];
    const cardImages = firstCards.flatMap((product) => (product.image[0] ? [productCardImage(product.image[0])] : []));
    const images = [...(bannerImage ? [bannerImage] : []), ...cardImages];
    // the first screen's own scripts (the home page's, the catalogue of the language the phone asks for) come
    // beside the entry rather than after it; a shopper who chose another language on the phone fetches theirs as before
    // the home's header frame and banner drawn with the page, for the shopper (not the app-shell gate's visitor)
    // (a listing's: its sub-category row and first cards; a search's: its text and first results, where the app
    // will draw them)
    const firstPaint: FirstPaint | undefined = gated
      ? undefined
      : bannerImage
        ? { shopName: config.name, page: 'home', banner: bannerImage }
        : listing
          ? { shopName: config.name, page: 'listing', listing: listingPaint(listing, subCategories) }
          : search
            ? { shopName: config.name, page: 'search', search: { query: search.query, cards: firstCards.map(cardPicture) } }
            : undefined;
    return { data, images, scripts: { page, language: languageFromTags(ctx.get('accept-language')) }, ...(firstPaint ? { firstPaint } : {}) };
  };
}

/**
 * What a listing's first paint draws: its category's sub-categories in the order the app lists them (the boot
 * data's), the current one marked, and the first cards' pictures as the cards ask for them (a card without a
 * picture keeps its empty box).
 */
function listingPaint(listing: BootListing, subCategories: readonly SubCategoryWire[]): ListingPaint {
  return {
    subCategories: subCategories
      .filter((sub) => sub.category.some((category) => category._id === listing.categoryId))
      .map((sub) => ({ image: imageAt(sub.image, 160), current: sub._id === listing.subCategoryId })),
    cards: listing.items.slice(0, FIRST_SCREEN_CARDS).map(cardPicture),
  };
}

/** A first card's picture as the card asks for it, or null for a product without one (its box stays empty). */
function cardPicture(product: { image: readonly string[] }): ReturnType<typeof productCardImage> | null {
  return product.image[0] ? productCardImage(product.image[0]) : null;
}

/**
 * A listing's first page for its boot data, shuffled as the shop shows each page (the app keeps this order, so
 * the pictures the head preloads are the first cards'), each product cut to its card; undefined when the path's
 * category is not one the shop has, or the read fails (the app then asks for the page itself).
 */
async function bootListingFor(shop: CatalogService['shop'], pathname: string, categoryList: readonly CategoryWire[]): Promise<BootListing | undefined> {
  const [, categorySlug = '', subSlug = ''] = pathname.split('/');
  const categoryId = idFromSlug(categorySlug);
  const subCategoryId = idFromSlug(subSlug);
  if (!categoryList.some((category) => category._id === categoryId)) return undefined;
  const input = productByCategoryAndSubCategorySchema.safeParse({ categoryId, subCategoryId, page: 1, limit: CATEGORY_PAGE_SIZE });
  if (!input.success) return undefined;
  try {
    const { items, page } = await shop.listing(input.data);
    return { categoryId, subCategoryId, items: shuffle(items).map(cardProduct), hasMore: page.hasMore, nextCursor: page.nextCursor };
  } catch {
    return undefined;
  }
}

/**
 * The search page's first results for its `q`, as the page asks for them (page 1, the default page size), each
 * product cut to its card; undefined with no text, a text the API would refuse, or when the read fails.
 */
async function bootSearchFor(shop: CatalogService['shop'], q: unknown): Promise<BootSearch | undefined> {
  const query = typeof q === 'string' ? q.trim() : '';
  if (!query) return undefined;
  const input = productSearchSchema.safeParse({ search: query, page: 1 });
  if (!input.success) return undefined;
  try {
    const { items, page } = await shop.search(input.data);
    return { query, items: items.map(cardProduct), totalPage: page.totalPage, totalCount: page.totalCount, totalCountExact: page.totalCountExact };
  } catch {
    return undefined;
  }
}

/**
 * Which of the shop's first screens a path draws, for the scripts its head names: the home page, the search page,
 * or a listing (/{category}-{id}/{sub-category}-{id} naming a sub-category that exists: the app's listing route).
 */
export function firstScreenOf(pathname: string, subCategories: readonly SubCategoryWire[]): FirstScreen | undefined {
  if (pathname === '/') return 'home';
  if (pathname === '/search') return 'search';
  const parts = pathname.split('/');
  if (parts.length !== 3) return undefined;
  const subCategoryId = idFromSlug(parts[2] ?? '');
  return subCategories.some((sub) => sub._id === subCategoryId) ? 'listing' : undefined;
}

/**
 * Builds the Koa app from its dependencies, and `listener`, what the HTTP server calls: the fast lane for the
 * hottest public reads when a request is plain (http/fast-lane.ts), Koa for everything else. Nothing here listens
 * or holds global state.
 */
export function createApp(deps: AppDeps): { app: Koa; routes: RouteSpec[]; services: Services; listener: http.RequestListener } {
  const app = new Koa({ proxy: deps.config.trustProxy });
  app.silent = true; // errors are logged by the envelope middleware, with the request id
  const services = createServices(deps);
  const routes = allRoutes(deps, services, new Date());
  const router = new Router();
  const dispatchRoutes = mountRoutes(router, routes);

  const rawPaths = new Set(routes.filter((r) => r.raw).flatMap((r) => (typeof r.path === 'string' ? [r.path] : [...r.path])));

  app.use(envelopeMiddleware(deps.logger));
  app.use(wellFormedPath());
  app.use(corsFor(deps.config.corsOrigins));
  app.use(webApp(deps.config.webDistDir, { bootData: bootDataFor(deps, services), onBootError: (error) => deps.logger.warn({ err: error }, 'boot data for a page failed; sent without it') }));
  app.use(serveStoredFiles(deps.db));
  app.use(authenticate({ db: deps.db.knex, secret: deps.config.jwtSecret, clock: deps.clock }));
  // The spec's DELETE calls carry their `_id` in a JSON body; a body that is not JSON answers 415.
  app.use(jsonBodies({ rawPaths, limitKb: deps.config.bodyLimitKb }));
  app.use(dispatchRoutes);
  app.use(
    router.allowedMethods({
      throw: true,
      methodNotAllowed: () => new AppError('METHOD_NOT_ALLOWED', 'That method is not allowed here.'),
      notImplemented: () => new AppError('NOT_IMPLEMENTED', 'That method is not supported.'),
    }),
  );
  const viaKoa = app.callback();
  const lane = fastLane(routes, { corsOrigins: deps.config.corsOrigins, bodyLimitKb: deps.config.bodyLimitKb, logger: deps.logger });
  const listener: http.RequestListener = (req, res) => {
    if (!lane(req, res)) void viaKoa(req, res);
  };
  return { app, routes, services, listener };
}
