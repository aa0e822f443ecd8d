import type { Knex } from 'knex';
import * as extensionsAndMeta from './20261122090000_extensions_and_meta';
import * as usersAndSessions from './20261122090100_users_and_sessions';
import * as files from './20261122090200_files';
import * as catalogue from './20261122090300_catalogue';
import * as cartAddressesOrders from './20261122090400_cart_addresses_orders';
import * as catalogueShopIndex from './20261122090500_catalogue_shop_index';
import * as counters from './20261122090600_counters';
import * as sessionSafety from './20261124090000_session_safety';
import * as staffRole from './20261124100000_staff_role';
import * as orderTakenAt from './20261124110000_order_taken_at';
import * as productStock from './20261126090000_product_stock';
import * as productNamePrefix from './20261126090100_product_name_prefix';
import * as catalogueChangeNotice from './20261126100000_catalogue_change_notice';
import * as storeOrdering from './20261126110000_store_ordering';
import * as riders from './20261127090000_riders';
import * as userLanguage from './20261127100000_user_language';
import * as multilingualNames from './20261127110000_multilingual_names';
import * as shopNewestIndex from './20261127120000_shop_newest_index';
import * as orderReturned from './20261128090000_order_returned';
import * as shelfOrder from './20261129090000_shelf_order';
import * as orderLinesStockKey from './20261130090000_order_lines_stock_key';
import * as riderCashBalance from './20261201090000_rider_cash_balance';
import * as handInVoid from './20261202090000_hand_in_void';
import * as packing from './20261203090000_packing';
import * as sellByWeight from './20261204090000_sell_by_weight';
import * as problemsCreditPromos from './20261205090000_problems_credit_promos';
import * as creditNeverBelowZero from './20261206090000_credit_never_below_zero';
import * as productKeywordsAndNotices from './20261207060000_product_keywords_and_notices';
import * as creditSettle from './20261207100000_credit_settle';
import * as searchKeywords from './20261213100000_search_keywords';
type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

/**
 * Every migration, in order. Migrations are timestamped and never edited once they land: a change is a
 * new file added at the end of this list. Listing them here (rather than reading a folder) keeps them
 * working the same under tsx, the test runner and a bundle.
 */
export const MIGRATIONS: ReadonlyArray<readonly [string, Migration]> = [
  ['20261122090000_extensions_and_meta', extensionsAndMeta],
  ['20261122090100_users_and_sessions', usersAndSessions],
  ['20261122090200_files', files],
  ['20261122090300_catalogue', catalogue],
  ['20261122090400_cart_addresses_orders', cartAddressesOrders],
  ['20261122090500_catalogue_shop_index', catalogueShopIndex],
  ['20261122090600_counters', counters],
  ['20261124090000_session_safety', sessionSafety],
  ['20261124100000_staff_role', staffRole],
  ['20261124110000_order_taken_at', orderTakenAt],
  ['20261126090000_product_stock', productStock],
  ['20261126090100_product_name_prefix', productNamePrefix],
  ['20261126100000_catalogue_change_notice', catalogueChangeNotice],
  ['20261126110000_store_ordering', storeOrdering],
  ['20261127090000_riders', riders],
  ['20261127100000_user_language', userLanguage],
  ['20261127110000_multilingual_names', multilingualNames],
  ['20261127120000_shop_newest_index', shopNewestIndex],
  ['20261128090000_order_returned', orderReturned],
  ['20261129090000_shelf_order', shelfOrder],
  ['20261130090000_order_lines_stock_key', orderLinesStockKey],
  ['20261201090000_rider_cash_balance', riderCashBalance],
  ['20261202090000_hand_in_void', handInVoid],
  ['20261203090000_packing', packing],
  ['20261204090000_sell_by_weight', sellByWeight],
  ['20261205090000_problems_credit_promos', problemsCreditPromos],
  ['20261206090000_credit_never_below_zero', creditNeverBelowZero],
  ['20261207060000_product_keywords_and_notices', productKeywordsAndNotices],
  ['20261207100000_credit_settle', creditSettle],
  ['20261213100000_search_keywords', searchKeywords],
];
