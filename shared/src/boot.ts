// What a page of the shop needs before anything else, written by the server into the index.html it sends
// (a JSON <script> element, never run) so the first screen renders without waiting for its own requests:
// the settings every page needs, the category lists every menu needs, and on the home page its shelves.
// The app takes each part once, for its first render; everything later is asked for as usual.
import type { CategoryWire, HomeWire, ShopConfigWire, SubCategoryWire } from './api';

/** The id of the <script type="application/json"> element that carries the boot data. */
export const BOOT_ELEMENT_ID = 'kade-boot';

export interface BootWire {
  /** GET /api/shop/config's data for this request. */
  config?: ShopConfigWire;
  /** GET /api/category/get's data. */
  categories?: CategoryWire[];
  /** POST /api/subcategory/get's data. */
  subCategories?: SubCategoryWire[];
  /** GET /api/product/home's data: only on the home page. */
  home?: HomeWire;
}
