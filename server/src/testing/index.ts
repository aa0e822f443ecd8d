// The server's testing entry (@kade/server/testing): the pieces of the server that the benchmarks (bench/) drive or
// measure directly, re-exported in one place so that no other package imports the server's internals by path.
// Production code does not import this file.
export { systemClock } from '../clock';
export { REPO_ROOT } from '../config';
export { json, openDatabase, SESSION_SETUP_SQL, type Database } from '../db/database';
export { migrateLatest } from '../db/migrate';
export { RATE_LIMIT_DEFAULTS } from '../http/limits';
export { seededRandom } from '../lib/seeded-random';
export { CATEGORY_LIST_SQL, SUB_CATEGORY_LIST_SQL } from '../modules/catalog/category-service';
export { numbered, statementName } from '../db/prepared';
export { createShopService, shopReadQueries } from '../modules/catalog/shop-service';
export { createSearchIndex } from '../modules/catalog/search-index';
export { createLogger } from '../logger';
export { DEFAULT_NICENESS } from '../modules/files/image-process';
export { IMAGE_MAX_WAIT_MS } from '../http/limits';
export { hashPassword } from '../modules/users/password';
export { mintSessions } from '../modules/users/tokens';
export { freePort } from './port';
export { SEED_BRANDS, SEED_PRODUCTS, SEED_SUB_CATEGORIES, type SeedProduct } from '../seed/catalogue-data';
export { CALLER_SQL } from '../http/auth';
export { imagesOf } from '../modules/cart/sellable';
export { orderWriteStatement, placementReadStatement, type PlacementRow, type OrderWritten } from '../modules/orders/place-sql';
export { amountColumns, toOrderWire } from '../modules/orders/wire';
// the search route as the server answers it, without a database (bench/src/search-route.ts)
export { catalogRoutes } from '../modules/catalog/routes';
export { fastLane } from '../http/fast-lane';
export { fixedSecurityHeaders } from '../http/security';
export { withReadVersion } from '../modules/catalog/read-version';
export { KeptAnswers } from '../http/kept-answers';
export type { CatalogService } from '../modules/catalog/service';
