// A generated catalogue for the benchmark: 10,000 products (with variations, some unpublished, some
// deleted) in grocery categories, written straight into the tables in a few large statements. The same
// seed gives the same catalogue, so runs compare.
import type { Knex } from 'knex';
import { mobileToLoginEmail, rupeesToPaise } from '@kade/shared';
import { json, mintSessions, seededRandom, systemClock } from '@kade/server/testing';

export { seededRandom };

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/**
 * One generated product's shelf, brand, size and name, drawn in the catalogue's order (shelf, extra, brand, word, size), so a
 * seed gives the same catalogue wherever it is drawn (the bench's database, search-micro.ts's memory).
 */
export function drawProduct<S extends { words: readonly string[] }>(random: () => number, shelves: readonly S[]) {
  const shelf = pick(random, shelves);
  const extra = pick(random, EXTRAS);
  const brand = pick(random, BRANDS);
  const word = pick(random, shelf.words);
  const size = pick(random, SIZES);
  return { shelf, brand, size, name: [brand, extra, word, size].filter(Boolean).join(' '), other: OTHER_WORDS[word] };
}

/** Categories, each with its sub-categories and the words its products are named from. */
export const SHELVES: ReadonlyArray<{ category: string; subs: Record<string, readonly string[]> }> = [
  { category: 'Vegetable', subs: { 'Leafy Greens': ['Gotukola', 'Mukunuwenna', 'Kankun', 'Spinach', 'Lettuce'], 'Root Vegetables': ['Carrot', 'Beetroot', 'Potato', 'Radish', 'Manioc'], 'Fresh Vegetables': ['Tomato', 'Brinjal', 'Okra', 'Beans', 'Leeks', 'Cabbage', 'Pumpkin'] } },
  { category: 'Milk + Other', subs: { 'Fresh Milk': ['Fresh Milk', 'Flavoured Milk', 'Chocolate Milk'], 'Milk Powder': ['Full Cream Milk Powder', 'Non Fat Milk Powder'], Yoghurt: ['Set Yoghurt', 'Drinking Yoghurt', 'Curd', 'Cheese Slices', 'Butter'] } },
  { category: 'Tea & Coffee', subs: { 'Black Tea': ['Ceylon Tea', 'BOPF Tea', 'Pekoe Tea', 'Tea Bags'], 'Green Tea': ['Green Tea', 'Herbal Tea', 'Ginger Tea'], Coffee: ['Instant Coffee', 'Ground Coffee', 'Coffee Beans'] } },
  { category: 'Biscuit', subs: { 'Sweet Biscuits': ['Marie Biscuits', 'Chocolate Biscuits', 'Cream Biscuits', 'Lemon Puff', 'Ginger Biscuits'], Crackers: ['Cream Crackers', 'Salt Crackers', 'Cheese Crackers'], Cookies: ['Butter Cookies', 'Choc Chip Cookies', 'Oat Cookies'] } },
  { category: 'Medicine', subs: { 'Pain Relief': ['Paracetamol', 'Balm', 'Pain Relief Gel'], 'First Aid': ['Plasters', 'Antiseptic Liquid', 'Bandage'], Vitamins: ['Vitamin C', 'Multivitamin', 'Fish Oil Capsules'] } },
  { category: 'Snack', subs: { Chips: ['Potato Chips', 'Cassava Chips', 'Banana Chips'], Nuts: ['Cashew Nuts', 'Peanuts', 'Mixed Nuts'], Sweets: ['Chocolate Bar', 'Toffee', 'Kalu Dodol', 'Kokis'] } },
  { category: 'Fruit', subs: { 'All Fruits': ['Banana', 'Papaya', 'Mango', 'Pineapple', 'Avocado', 'Apple', 'Orange', 'Grapes'] } },
  { category: 'Meat', subs: { Chicken: ['Chicken Curry Cut', 'Chicken Breast', 'Chicken Sausages', 'Whole Chicken', 'Chicken Wings'], Fish: ['Tuna', 'Seer Fish', 'Prawns', 'Dried Sprats'], Eggs: ['Eggs', 'Brown Eggs'] } },
  { category: 'Rice & Grains', subs: { Rice: ['Basmati Rice', 'Red Raw Rice', 'Samba Rice', 'Nadu Rice', 'Keeri Samba'], Flour: ['Wheat Flour', 'Rice Flour', 'Atta Flour'], Pulses: ['Red Dhal', 'Green Gram', 'Chickpeas'] } },
  { category: 'Household', subs: { Cleaning: ['Dishwash Liquid', 'Floor Cleaner', 'Toilet Cleaner', 'Detergent Powder'], 'Personal Care': ['Soap', 'Shampoo', 'Toothpaste', 'Body Lotion'], Paper: ['Tissue Box', 'Kitchen Towel', 'Toilet Roll'] } },
  { category: 'Beverages', subs: { 'Soft Drinks': ['Coca-Cola', 'Ginger Beer', 'Orange Soda', 'Cream Soda'], Juice: ['Mango Juice', 'Orange Juice', 'Wood Apple Juice'], Water: ['Mineral Water', 'Sparkling Water'] } },
  { category: 'Grocery', subs: { Spices: ['Curry Powder', 'Chilli Powder', 'Turmeric', 'Cinnamon Sticks', 'Pepper'], Noodles: ['Instant Noodles', 'String Hoppers', 'Rice Noodles'], Sugar: ['White Sugar', 'Brown Sugar', 'Jaggery', 'Kithul Treacle'], Oil: ['Coconut Oil', 'Vegetable Oil', 'Sesame Oil'] } },
];

/**
 * The Sinhala and Tamil for many of the words products are named from (issue 21): a product named from one gets
 * names in both ('Anchor සහල් 5kg'), as a shop whose staff named a good share of the catalogue would have, so the
 * search measurement reads those names' indexes at the same scale.
 */
export const OTHER_WORDS: Readonly<Record<string, readonly [si: string, ta: string]>> = {
  Gotukola: ['ගොටුකොළ', 'வல்லாரை'], Carrot: ['කැරට්', 'கரட்'], Potato: ['අර්තාපල්', 'உருளைக்கிழங்கு'], Tomato: ['තක්කාලි', 'தக்காளி'],
  Brinjal: ['වම්බටු', 'கத்தரிக்காய்'], Beans: ['බෝංචි', 'போஞ்சி'], Cabbage: ['ගෝවා', 'கோவா'], Pumpkin: ['වට්ටක්කා', 'பூசணிக்காய்'],
  'Fresh Milk': ['නැවුම් කිරි', 'புதிய பால்'], 'Full Cream Milk Powder': ['පූර්ණ ආඩ කිරිපිටි', 'முழு ஆடைப் பால் மா'], Curd: ['මී කිරි', 'தயிர்'],
  Butter: ['බටර්', 'வெண்ணெய்'], 'Ceylon Tea': ['ලංකා තේ', 'இலங்கைத் தேயிலை'], 'Tea Bags': ['තේ බෑග්', 'தேநீர்ப் பைகள்'],
  'Instant Coffee': ['ක්ෂණික කෝපි', 'உடனடிக் கோப்பி'], 'Marie Biscuits': ['මාරි බිස්කට්', 'மாரி பிஸ்கட்'], 'Banana Chips': ['කෙසෙල් චිප්ස්', 'வாழைக்காய்ச் சிப்ஸ்'],
  'Cashew Nuts': ['කජු', 'கஜு'], 'Kalu Dodol': ['කළු දොදොල්', 'கறுப்புத் தொதல்'], Banana: ['කෙසෙල්', 'வாழைப்பழம்'], Papaya: ['පැපොල්', 'பப்பாசி'],
  Mango: ['අඹ', 'மாம்பழம்'], Pineapple: ['අන්නාසි', 'அன்னாசி'], 'Chicken Curry Cut': ['කුකුළු මස් කෑලි', 'கோழி இறைச்சித் துண்டுகள்'],
  Prawns: ['ඉස්සන්', 'இறால்'], 'Dried Sprats': ['හාල්මැස්සෝ', 'நெத்தலிக் கருவாடு'], Eggs: ['බිත්තර', 'முட்டை'],
  'Basmati Rice': ['බාස්මතී සහල්', 'பாசுமதி அரிசி'], 'Red Raw Rice': ['රතු කැකුළු සහල්', 'சிவப்புப் பச்சையரிசி'], 'Samba Rice': ['සම්බා සහල්', 'சம்பா அரிசி'],
  'Nadu Rice': ['නාඩු සහල්', 'நாட்டரிசி'], 'Keeri Samba': ['කීරි සම්බා සහල්', 'கீரிச் சம்பா அரிசி'], 'Wheat Flour': ['තිරිඟු පිටි', 'கோதுமை மா'],
  'Rice Flour': ['සහල් පිටි', 'அரிசி மா'], 'Red Dhal': ['රතු පරිප්පු', 'சிவப்புப் பருப்பு'], 'Green Gram': ['මුං ඇට', 'பச்சைப் பயறு'], Chickpeas: ['කඩල', 'கடலை'],
  Soap: ['සබන්', 'சவர்க்காரம்'], Shampoo: ['ෂැම්පු', 'ஷாம்பு'], Toothpaste: ['දන්තාලේප', 'பற்பசை'], 'Curry Powder': ['තුනපහ', 'கறித்தூள்'],
  'Chilli Powder': ['මිරිස් කුඩු', 'மிளகாய்த் தூள்'], Turmeric: ['කහ', 'மஞ்சள்'], 'Cinnamon Sticks': ['කුරුඳු', 'கறுவா'], Pepper: ['ගම්මිරිස්', 'மிளகு'],
  'White Sugar': ['සුදු සීනි', 'வெள்ளைச் சீனி'], Jaggery: ['හකුරු', 'கருப்பட்டி'], 'Kithul Treacle': ['කිතුල් පැණි', 'கித்துள் பாணி'],
  'Coconut Oil': ['පොල් තෙල්', 'தேங்காய் எண்ணெய்'], 'String Hoppers': ['ඉඳිආප්ප', 'இடியப்பம்'],
};

export const BRANDS = [
  'Anchor', 'Highland', 'Kotmale', 'Pelwatte', 'Munchee', 'Maliban', 'Dilmah', 'Lipton', 'Nestle', 'Elephant House',
  'Keells', 'Cargills', 'Prima', 'Araliya', 'Harischandra', 'MD', 'Edinborough', 'Sunlight', 'Lux', 'Signal',
  'Baby Cheramy', 'Astra', 'Raigam', 'Kist', 'Motha', 'Wijaya', 'Larich', 'Bairaha', 'Crysbro', 'Ritzbury',
];
export const SIZES = ['100g', '200g', '250g', '400g', '500g', '1kg', '2kg', '5kg', '250ml', '500ml', '1L', '1.5L', '6 pack', '10 pcs', '12 pcs'];
export const EXTRAS = ['', '', '', 'Premium', 'Family Pack', 'Classic', 'Value Pack', 'Extra', 'Organic', 'Fresh', 'Spicy', 'Light'];
const IMAGE = `/files/${'a'.repeat(32)}-480.webp`;
const DESCRIPTION =
  'Product images are for illustration only. The product you receive may differ slightly in packaging, colour, ' +
  'size or label from the one shown.';

export interface LoadedCatalogue {
  categories: number;
  subCategories: number;
  products: number;
  variations: number;
  unpublished: number;
  deleted: number;
  /** (category, sub-category) pairs that shoppers browse, with how many visible products each holds. */
  listings: Array<{ categoryId: string; subCategoryId: string; count: number }>;
  /** The All Products listing: category All Product and sub-category All Products, which every product is in. */
  allProducts: { categoryId: string; subCategoryId: string };
  /** Visible products (some with variations) for the product sheet. */
  visibleProductIds: string[];
}

/**
 * Where stock lives: a column of \`products\`, or a table of its own keyed by \`product_id\` (so that an order's
 * stock update never rewrites a searchable row). The benchmark reads and writes stock through this, whichever
 * the migrations made.
 */
export async function stockTable(db: Knex): Promise<{ table: string; key: string; hasTotal: boolean }> {
  const { rows } = (await db.raw(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and column_name in ('stock', 'product_id', 'id', 'total_stock')`,
  )) as { rows: Array<{ table_name: string; column_name: string }> };
  const columns = (table: string) => new Set(rows.filter((r) => r.table_name === table).map((r) => r.column_name));
  const products = columns('products');
  if (products.has('stock')) return { table: 'products', key: 'id', hasTotal: products.has('total_stock') };
  const own = [...new Set(rows.map((r) => r.table_name))].find((t) => columns(t).has('stock') && columns(t).has('product_id') && !['order_lines', 'cart_items'].includes(t));
  if (!own) throw new Error('no table holds the products\' stock');
  return { table: own, key: 'product_id', hasTotal: columns(own).has('total_stock') };
}

/** Sets these products' stock (and total stock, where kept). */
export async function setStock(db: Knex, ids: readonly string[], stock: number): Promise<void> {
  const where = await stockTable(db);
  const values = where.hasTotal ? { stock, total_stock: stock } : { stock };
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    if (where.table === 'products') await db('products').whereIn('id', chunk).update(values);
    // a table of its own may not have the product's row yet: written or replaced
    else await db(where.table).insert(chunk.map((id) => ({ [where.key]: id, ...values }))).onConflict(where.key).merge();
  }
}

/** Every product's stock, by product id. */
export async function readStock(db: Knex): Promise<Map<string, number>> {
  const where = await stockTable(db);
  const rows = (await db(where.table).select({ id: where.key, stock: 'stock' })) as Array<{ id: string; stock: number | string }>;
  return new Map(rows.map((row) => [row.id, Number(row.stock)]));
}

async function insertChunked<T extends object>(trx: Knex.Transaction, table: string, rows: readonly T[], returning?: string): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    if (returning) {
      const inserted = (await trx(table).insert(chunk).returning(returning)) as Array<Record<string, string>>;
      ids.push(...inserted.map((row) => row[returning] as string));
    } else {
      await trx(table).insert(chunk);
    }
  }
  return ids;
}

/** Writes the generated catalogue (`productCount` parent products) in one transaction, then analyses the tables. */
export async function loadBenchCatalogue(db: Knex, productCount = 10_000, seed = 20261122): Promise<LoadedCatalogue> {
  const random = seededRandom(seed);
  const stockInProducts = (await stockTable(db)).table === 'products';
  /** Stock goes in the product's row, or afterwards in its own table (set by setStock per value). */
  const stockLater = new Map<number, string[]>();
  const stockOf = (stock: number, totalStock: number) => (stockInProducts ? { stock, total_stock: totalStock } : {});
  const keepStock = (ids: readonly string[], stocks: readonly number[]) => {
    if (stockInProducts) return;
    ids.forEach((id, i) => {
      const stock = stocks[i] as number;
      stockLater.set(stock, [...(stockLater.get(stock) ?? []), id]);
    });
  };
  const result = await db.transaction(async (trx) => {
    const categoryNames = ['All Product', 'Special', 'Buy Brand', ...SHELVES.map((s) => s.category)];
    const categoryIds = await insertChunked(trx, 'categories', categoryNames.map((name) => ({ name, image: IMAGE })), 'id');
    const categoryId = new Map(categoryNames.map((name, i) => [name, categoryIds[i] as string]));

    const subs: Array<{ name: string; category: string; words: readonly string[] }> = [{ name: 'All Products', category: 'All Product', words: [] }];
    subs.push({ name: 'Deal', category: 'Special', words: [] });
    for (const shelf of SHELVES) for (const [name, words] of Object.entries(shelf.subs)) subs.push({ name, category: shelf.category, words });
    const subIds = await insertChunked(trx, 'sub_categories', subs.map((s) => ({ name: s.name, image: IMAGE })), 'id');
    await insertChunked(
      trx,
      'sub_category_categories',
      subs.map((s, i) => ({ sub_category_id: subIds[i], category_id: categoryId.get(s.category) })),
    );

    const shelves = subs.map((s, i) => ({ ...s, id: subIds[i] as string, categoryId: categoryId.get(s.category) as string })).filter((s) => s.words.length > 0);
    const plans = Array.from({ length: productCount }, (_, i) => {
      // Drawn in the same order as ever, so a seed still gives the same catalogue.
      const { shelf, brand, size, name, other } = drawProduct(random, shelves);
      const state = i % 100 === 0 ? 'deleted' : i % 33 === 0 ? 'unpublished' : 'visible';
      const deal = i % 250 === 0;
      return {
        shelf,
        name,
        nameSi: other ? `${brand} ${other[0]} ${size}` : null,
        nameTa: other ? `${brand} ${other[1]} ${size}` : null,
        state,
        deal,
        variations: random() < 0.15 ? 2 + Math.floor(random() * 2) : 0,
      };
    });
    const now = Date.now();
    const productStocks = plans.map(() => Math.floor(random() * 200));
    const productIds = await insertChunked(
      trx,
      'products',
      plans.map((plan, i) => ({
        name: plan.name,
        name_si: plan.nameSi,
        name_ta: plan.nameTa,
        unit: pick(random, SIZES),
        images: json([IMAGE]),
        price_paise: rupeesToPaise(Math.round(50 + random() * 2000)),
        discount: pick(random, [0, 0, 0, 5, 10, 12.5, 20]),
        ...stockOf(productStocks[i] as number, 200),
        description: DESCRIPTION,
        more_details: json([['Brand', plan.name.split(' ')[0]], ['Shelf life', '6 months']]),
        publish: plan.state !== 'unpublished',
        single_quantity: plan.deal,
        deleted_at: plan.state === 'deleted' ? new Date(now) : null,
        created_at: new Date(now - (productCount - i) * 60_000),
        updated_at: new Date(now - (productCount - i) * 60_000),
      })),
      'id',
    );
    const allProductsSub = subIds[0] as string;
    await insertChunked(
      trx,
      'product_categories',
      plans.flatMap((plan, i) => [
        { product_id: productIds[i], category_id: plan.shelf.categoryId },
        { product_id: productIds[i], category_id: categoryId.get('All Product') },
        ...(plan.deal ? [{ product_id: productIds[i], category_id: categoryId.get('Special') }] : []),
      ]),
    );
    await insertChunked(
      trx,
      'product_sub_categories',
      plans.flatMap((plan, i) => [
        { product_id: productIds[i], sub_category_id: plan.shelf.id },
        { product_id: productIds[i], sub_category_id: allProductsSub },
        ...(plan.deal ? [{ product_id: productIds[i], sub_category_id: subIds[1] }] : []),
      ]),
    );
    keepStock(productIds, productStocks);
    const variationRows = plans.flatMap((plan, i) =>
      Array.from({ length: plan.variations }, (_, v) => ({
        parent_id: productIds[i],
        name: `${plan.name} ${['Small', 'Medium', 'Large'][v]}`,
        unit: pick(random, SIZES),
        images: json([IMAGE]),
        price_paise: rupeesToPaise(Math.round(40 + random() * 1500)),
        discount: pick(random, [0, 5, 10]),
        stock: Math.floor(random() * 100),
        description: DESCRIPTION,
        more_details: json([]),
        publish: v !== 2,
        single_quantity: plan.deal,
        deleted_at: plan.state === 'deleted' ? new Date(now) : null,
      })),
    );
    const variationIds = await insertChunked(
      trx,
      'products',
      variationRows.map(({ stock, ...row }) => ({ ...row, ...stockOf(stock, 100) })),
      'id',
    );
    keepStock(variationIds, variationRows.map((row) => row.stock));
    const visible = plans.flatMap((plan, i) => (plan.state === 'visible' ? [{ id: productIds[i] as string, plan }] : []));
    await insertChunked(
      trx,
      'product_links',
      visible.slice(0, 2000).map(({ id }, i) => ({ product_id: id, linked_product_id: visible[(i + 7) % visible.length]?.id })),
    );
    const counts = new Map<string, { categoryId: string; subCategoryId: string; count: number }>();
    for (const { plan } of visible) {
      const entry = counts.get(plan.shelf.id) ?? { categoryId: plan.shelf.categoryId, subCategoryId: plan.shelf.id, count: 0 };
      entry.count += 1;
      counts.set(plan.shelf.id, entry);
    }
    return {
      categories: categoryNames.length,
      subCategories: subs.length,
      products: productCount,
      variations: variationRows.length,
      unpublished: plans.filter((p) => p.state === 'unpublished').length,
      deleted: plans.filter((p) => p.state === 'deleted').length,
      listings: [...counts.values()],
      allProducts: { categoryId: categoryId.get('All Product') as string, subCategoryId: allProductsSub },
      visibleProductIds: visible.map(({ id }) => id),
    };
  });
  for (const [stock, ids] of stockLater) await setStock(db, ids, stock);
  await db.raw('vacuum analyze');
  return result;
}

/** The store's position in the benchmark's servers (server/src/config.ts defaults). */
export const CENTRE = { lat: 6.8741, lng: 79.8605 };

/** A shopper the benchmark wrote into the tables: their id, an access token, and an address inside the zone. */
export interface BenchShopper {
  id: string;
  token: string;
  addressId: string;
}

/**
 * One admin and `count` shoppers written straight into the tables, each with a signed-in session and an address
 * near the store (placed by `seed`). Their mobiles are `07` and `firstMobile + i` (the admin's i is 0), so each part
 * keeps a range of its own; `names` gives the admin's name and the shoppers' (numbered), `street` and `landmark`
 * the addresses'.
 */
export async function createBenchPeople(
  knex: Knex,
  secret: string,
  options: { count: number; firstMobile: number; names: { admin: string; shopper: string }; street: string; landmark: string; seed: number },
): Promise<{ shoppers: BenchShopper[]; adminToken: string }> {
  const mobile = (i: number) => `07${String(options.firstMobile + i)}`;
  const rows = (await knex('users')
    .insert(
      Array.from({ length: options.count + 1 }, (_, i) => ({
        name: i === 0 ? options.names.admin : `${options.names.shopper} ${i}`,
        mobile: mobile(i),
        email: mobileToLoginEmail(mobile(i)),
        password_hash: 'not-a-login',
        role: i === 0 ? 'ADMIN' : 'USER',
      })),
    )
    .returning(['id', 'role'])) as Array<{ id: string; role: 'USER' | 'ADMIN' }>;
  const sessions = await mintSessions(knex, secret, systemClock, rows);
  const tokenOf = (row: { id: string }) => sessions.get(row.id) as string;
  const [admin, ...users] = rows as [(typeof rows)[number], ...typeof rows];
  const random = seededRandom(options.seed);
  const addresses = (await knex('addresses')
    .insert(
      users.map((user, i) => ({
        user_id: user.id,
        label: `${i + 1} ${options.street}`,
        address_text: 'Colombo 6',
        landmark: options.landmark,
        contact_mobile: mobile(i + 1),
        place_type: 'Home',
        latitude: CENTRE.lat + (random() - 0.5) * 0.01,
        longitude: CENTRE.lng + (random() - 0.5) * 0.01,
      })),
    )
    .returning(['id', 'user_id'])) as Array<{ id: string; user_id: string }>;
  const addressOf = new Map(addresses.map((a) => [a.user_id, a.id]));
  return { adminToken: tokenOf(admin), shoppers: users.map((user) => ({ id: user.id, token: tokenOf(user), addressId: addressOf.get(user.id) as string })) };
}
