/**
 * The demo catalogue of a Sri Lankan neighbourhood grocery, written for Kade: generic goods and invented
 * brands (no real trademarks), believable units and 2025 rupee prices. Seeded once into an empty database
 * (run.ts), each product with a picture generated from its `visual` hint (images.ts).
 */

/** How a product's picture is drawn: the packshot's shape. */
export type SeedShape = 'bag' | 'bottle' | 'box' | 'can' | 'jar' | 'bunch' | 'round' | 'pack' | 'tray';

/** The picture hint of a product: a shape drawn in a colour (hex). */
export interface SeedVisual {
  shape: SeedShape;
  colour: string;
}

/** The keyword of the simple drawing on a category tile. */
export type SeedIcon =
  | 'basket'
  | 'leaf'
  | 'milk'
  | 'cup'
  | 'biscuit'
  | 'pill'
  | 'chips'
  | 'grain'
  | 'apple'
  | 'drumstick'
  | 'fish'
  | 'chilli'
  | 'spray'
  | 'soap'
  | 'bread'
  | 'star'
  | 'tag'
  | 'oil'
  | 'drink';

export interface SeedCategory {
  name: string;
  /** Hex colour of its tile. */
  colour: string;
  /** What its tile shows. */
  icon: SeedIcon;
}

export interface SeedSubCategory {
  name: string;
  /** Names of the categories it belongs to. */
  categories: string[];
  colour: string;
}

/** Another size or pack of a product, shown in its 'Choose' list. */
export interface SeedVariation {
  name: string;
  unit: string;
  /** Rupees, before discount. */
  price: number;
  /** Percent, 0 to 100. */
  discount: number;
  stock: number;
  /** False hides it from shoppers. */
  publish: boolean;
}

/** How a loose product is weighed: its step, minimum and maximum per order in grams, and its 5-digit scale code. */
export interface SeedWeighed {
  stepGrams: number;
  minGrams: number;
  maxGrams: number;
  scaleCode: string;
}

export interface SeedProduct {
  name: string;
  unit: string;
  /** Rupees, before discount. */
  price: number;
  /** Percent, 0 to 100. */
  discount: number;
  stock: number;
  /** The stock the bar is measured against (>= stock; usually 100). */
  totalStock: number;
  description: string;
  /** Extra label -> value pairs shown under the description. */
  more_details: Record<string, string>;
  /** Category names: always 'All Product' and its own (and 'Buy Brand' for branded goods). */
  categories: string[];
  /** Sub-category names: always 'All Products' and its own (and its brand for branded goods). */
  subCategories: string[];
  /** At most one per order (the Special - Deal items). */
  single_quantity: boolean;
  /**
   * Sold by weight (issue 34), or null when sold by the unit: then `price` is per kg, `stock` and `totalStock` count
   * grams, and the scale code is the one its scale labels print.
   */
  weighed: SeedWeighed | null;
  variations: SeedVariation[];
  visual: SeedVisual;
}

// ---------------------------------------------------------------------------------------------------------
// Categories and sub-categories
// ---------------------------------------------------------------------------------------------------------

/** The first seven in the spec's display order, then the others. */
export const SEED_CATEGORIES: SeedCategory[] = [
  { name: 'All Product', colour: '#2f855a', icon: 'basket' },
  { name: 'Vegetable', colour: '#38a169', icon: 'leaf' },
  { name: 'Milk + Other', colour: '#3182ce', icon: 'milk' },
  { name: 'Tea & Coffee', colour: '#8b5a2b', icon: 'cup' },
  { name: 'Biscuit', colour: '#d69e2e', icon: 'biscuit' },
  { name: 'Medicine', colour: '#e53e3e', icon: 'pill' },
  { name: 'Snack', colour: '#dd6b20', icon: 'chips' },
  { name: 'Rice & Grains', colour: '#b7791f', icon: 'grain' },
  { name: 'Fruit', colour: '#d53f8c', icon: 'apple' },
  { name: 'Meat', colour: '#c53030', icon: 'drumstick' },
  { name: 'Fish', colour: '#2b6cb0', icon: 'fish' },
  { name: 'Spices', colour: '#c05621', icon: 'chilli' },
  { name: 'Household', colour: '#4a5568', icon: 'spray' },
  { name: 'Personal Care', colour: '#805ad5', icon: 'soap' },
  { name: 'Bakery', colour: '#a0522d', icon: 'bread' },
  { name: 'Special', colour: '#e53e3e', icon: 'star' },
  { name: 'Buy Brand', colour: '#2c5282', icon: 'tag' },
  { name: 'Cooking Essentials', colour: '#975a16', icon: 'oil' },
  { name: 'Beverages', colour: '#0987a0', icon: 'drink' },
];

/** The invented brands of the 'Buy Brand' section (each is also a sub-category). */
export const SEED_BRANDS = ['Kade Select', 'Nilwala Farms', 'Mihira Foods', 'Ran Kekulu', 'Sigiri Valley'] as const;
export type SeedBrand = (typeof SEED_BRANDS)[number];

/** [sub-category, its category, colour]. */
const SUBS: Array<[string, string, string]> = [
  ['All Products', 'All Product', '#2f855a'],
  ['Leafy Greens', 'Vegetable', '#2f855a'],
  ['Root Vegetables', 'Vegetable', '#b7791f'],
  ['Up-country Vegetables', 'Vegetable', '#48bb78'],
  ['Local Vegetables', 'Vegetable', '#38a169'],
  ['Onions & Garlic', 'Vegetable', '#9b2c2c'],
  ['Fresh Milk', 'Milk + Other', '#3182ce'],
  ['Milk Powder', 'Milk + Other', '#2c5282'],
  ['Yoghurt & Curd', 'Milk + Other', '#63b3ed'],
  ['Butter & Cheese', 'Milk + Other', '#ecc94b'],
  ['Eggs', 'Milk + Other', '#d69e2e'],
  ['Ice Cream', 'Milk + Other', '#f687b3'],
  ['Black Tea', 'Tea & Coffee', '#7b341e'],
  ['Tea Bags', 'Tea & Coffee', '#9c4221'],
  ['Coffee', 'Tea & Coffee', '#5f370e'],
  ['Malted Drinks', 'Tea & Coffee', '#744210'],
  ['Cream Crackers', 'Biscuit', '#d69e2e'],
  ['Sweet Biscuits', 'Biscuit', '#dd6b20'],
  ['Wafers & Cookies', 'Biscuit', '#b7791f'],
  ['Pain Relief', 'Medicine', '#e53e3e'],
  ['First Aid', 'Medicine', '#c53030'],
  ['Cold & Flu', 'Medicine', '#3182ce'],
  ['Digestive Care', 'Medicine', '#38b2ac'],
  ['Chips', 'Snack', '#dd6b20'],
  ['Nuts & Bites', 'Snack', '#975a16'],
  ['Chocolates & Toffees', 'Snack', '#5f370e'],
  ['Traditional Sweets', 'Snack', '#d53f8c'],
  ['Samba Rice', 'Rice & Grains', '#b7791f'],
  ['Nadu Rice', 'Rice & Grains', '#d69e2e'],
  ['Red Rice', 'Rice & Grains', '#9b2c2c'],
  ['Heirloom Rice', 'Rice & Grains', '#742a2a'],
  ['Dhal & Pulses', 'Rice & Grains', '#dd6b20'],
  ['Flour & Grains', 'Rice & Grains', '#a0aec0'],
  ['All Fruits', 'Fruit', '#d53f8c'],
  ['Local Fruits', 'Fruit', '#dd6b20'],
  ['Imported Fruits', 'Fruit', '#e53e3e'],
  ['Chicken', 'Meat', '#c05621'],
  ['Mutton & Pork', 'Meat', '#9b2c2c'],
  ['Sausages & Cold Cuts', 'Meat', '#c53030'],
  ['Fresh Fish', 'Fish', '#2b6cb0'],
  ['Prawns & Seafood', 'Fish', '#f56565'],
  ['Dried Fish', 'Fish', '#975a16'],
  ['Canned Fish', 'Fish', '#4a5568'],
  ['Curry Powders', 'Spices', '#c05621'],
  ['Whole Spices', 'Spices', '#7b341e'],
  ['Chilli & Pepper', 'Spices', '#c53030'],
  ['Cleaning', 'Household', '#4a5568'],
  ['Laundry', 'Household', '#3182ce'],
  ['Dishwash', 'Household', '#38a169'],
  ['Kitchen & Home', 'Household', '#718096'],
  ['Soap', 'Personal Care', '#805ad5'],
  ['Oral Care', 'Personal Care', '#38b2ac'],
  ['Hair Care', 'Personal Care', '#d53f8c'],
  ['Skin Care', 'Personal Care', '#ed8936'],
  ['Bread', 'Bakery', '#a0522d'],
  ['Buns', 'Bakery', '#c05621'],
  ['Cakes & Short Eats', 'Bakery', '#d69e2e'],
  ['Deal', 'Special', '#e53e3e'],
  ['Kade Select', 'Buy Brand', '#2f855a'],
  ['Nilwala Farms', 'Buy Brand', '#3182ce'],
  ['Mihira Foods', 'Buy Brand', '#c05621'],
  ['Ran Kekulu', 'Buy Brand', '#b7791f'],
  ['Sigiri Valley', 'Buy Brand', '#7b341e'],
  ['Oil & Ghee', 'Cooking Essentials', '#d69e2e'],
  ['Sugar & Salt', 'Cooking Essentials', '#a0aec0'],
  ['Coconut Products', 'Cooking Essentials', '#975a16'],
  ['Sauces & Pastes', 'Cooking Essentials', '#e53e3e'],
  ['Noodles & Pasta', 'Cooking Essentials', '#ecc94b'],
  ['Soft Drinks', 'Beverages', '#e53e3e'],
  ['Juices & Cordials', 'Beverages', '#ed8936'],
  ['Water', 'Beverages', '#63b3ed'],
];

export const SEED_SUB_CATEGORIES: SeedSubCategory[] = SUBS.map(([name, category, colour]) => ({ name, categories: [category], colour }));

const CATEGORY_OF = new Map(SUBS.map(([name, category]) => [name, category]));

// ---------------------------------------------------------------------------------------------------------
// Products, shelf by shelf
// ---------------------------------------------------------------------------------------------------------

/**
 * The loose goods sold by weight, and how: vegetables and fruit in 250 g steps up to 5 kg, the small and strong ones
 * (chillies, ginger, garlic, lime) in 100 g steps up to 2 kg, meat and fish in 250 g steps up to 3 kg, rice and dhal
 * in 500 g steps up to 10 kg. Each kind numbers its scale codes from its own thousand (vegetables from 10001).
 */
const WEIGH_KINDS = {
  veg: { stepGrams: 250, minGrams: 250, maxGrams: 5000, firstCode: 10001 },
  small: { stepGrams: 100, minGrams: 100, maxGrams: 2000, firstCode: 11001 },
  fruit: { stepGrams: 250, minGrams: 250, maxGrams: 5000, firstCode: 20001 },
  meat: { stepGrams: 250, minGrams: 250, maxGrams: 3000, firstCode: 30001 },
  fish: { stepGrams: 250, minGrams: 250, maxGrams: 3000, firstCode: 40001 },
  rice: { stepGrams: 500, minGrams: 500, maxGrams: 10_000, firstCode: 50001 },
  dhal: { stepGrams: 500, minGrams: 500, maxGrams: 10_000, firstCode: 60001 },
} as const;
type WeighKind = keyof typeof WEIGH_KINDS;

/** The stock a weighed product's bar is measured against, in grams, unless its stock is larger. */
const WEIGHED_TOTAL_STOCK_GRAMS = 50_000;

interface Extra {
  /** Percent off (default 0). */
  discount?: number;
  /** Sold by weight, as this kind of goods: the line's price is then per kg and its stock in grams. */
  weigh?: WeighKind;
  /**
   * Units on the shelf, grams for a weighed product (default: a steady figure between 10 and 100 taken from the
   * name, times 500 g for a weighed one).
   */
  stock?: number;
  /** Default 100, raised to the stock when the stock is larger. */
  totalStock?: number;
  details?: Record<string, string>;
  variations?: SeedVariation[];
  brand?: SeedBrand;
}

/** [name, unit, price in rupees, shape, colour, description, extras]. */
type Line = [string, string, number, SeedShape, string, string, Extra?];

/** A variation (published unless told otherwise). */
function vary(name: string, unit: string, price: number, stock: number, discount = 0, publish = true): SeedVariation {
  return { name, unit, price, discount, stock, publish };
}

const LINES: Record<string, Line[]> = {
  'Leafy Greens': [
    ['Gotukola', '1 bunch', 80, 'bunch', '#2f855a', 'Tender gotukola leaves for a fresh mallung or kola kenda. Picked the morning it is sold.', { details: { Origin: 'Kandy', 'Shelf life': '2 days' } }],
    ['Mukunuwenna', '1 bunch', 70, 'bunch', '#38a169', 'A soft, mild green that cooks down in minutes. Lovely stir-fried with scraped coconut.'],
    ['Kankun', '1 bunch', 100, 'bunch', '#276749', 'Water spinach with crisp stems, best fried quickly with garlic and dried chilli.', { discount: 5 }],
    ['Thampala', '1 bunch', 90, 'bunch', '#22543d', 'Red-stemmed thampala leaves for a simple home-style mallung.'],
    ['Nivithi Spinach', '1 bunch', 120, 'bunch', '#2f855a', 'Broad-leaf spinach, washed of field soil and tied in bunches.'],
    ['Curry Leaves', '1 bunch', 40, 'bunch', '#276749', 'Fragrant karapincha for tempering dhal, curries and sambols.', { stock: 120, totalStock: 150 }],
    ['Sarana Leaves', '1 bunch', 80, 'bunch', '#48bb78', 'A village green valued for its mild bitterness. Best in a coconut mallung.', { stock: 4 }],
  ],
  'Root Vegetables': [
    ['Carrots', 'per kg', 480, 'bunch', '#dd6b20', 'Sweet, crunchy up-country carrots, good raw in salads or in a milk curry.', { weigh: 'veg', details: { Origin: 'Nuwara Eliya', 'Shelf life': '7 days' } }],
    ['Beetroot', 'per kg', 420, 'round', '#97266d', 'Deep red beetroot for curries and salads. Trim the leaves before storing.', { weigh: 'veg' }],
    ['Potatoes', 'per kg', 390, 'bag', '#b7791f', 'Firm local potatoes for tempered potato, curries and chips.', { weigh: 'veg', stock: 40000, discount: 4, details: { Origin: 'Welimada', Storage: 'Cool, dark place' } }],
    ['Radish', 'per kg', 300, 'bunch', '#edf2f7', 'White radish with a gentle bite, good in a light coconut curry.', { weigh: 'veg' }],
    ['Manioc', 'per kg', 180, 'bunch', '#975a16', 'Fresh cassava for boiling with lunu miris or a coconut milk curry. Cook the same day.', { weigh: 'veg', stock: 0 }],
    ['Sweet Potato', 'per kg', 260, 'round', '#c05621', 'Orange-fleshed sweet potatoes, lovely boiled for breakfast.', { weigh: 'veg' }],
    ['Ginger', 'per kg', 1200, 'round', '#d69e2e', 'Plump fresh ginger for tea, curries and home remedies.', { weigh: 'small' }],
  ],
  'Up-country Vegetables': [
    ['Leeks', 'per kg', 520, 'bunch', '#68d391', 'Long, tender leeks for a fried leeks dish or soup.', { weigh: 'veg', details: { Origin: 'Nuwara Eliya' } }],
    ['Green Beans', 'per kg', 640, 'bunch', '#38a169', 'Crisp green beans, stringless and easy to cut for a beans curry.', { weigh: 'veg' }],
    ['Cabbage', '1 head', 250, 'round', '#9ae6b4', 'A tight, fresh head of cabbage, about one kilo. Keeps a week in the fridge.'],
    ['Capsicum', 'per kg', 880, 'round', '#2f855a', 'Mild green capsicum for devilled dishes and stir-fries.', { weigh: 'veg' }],
    ['Tomatoes', 'per kg', 560, 'round', '#e53e3e', 'Ripe, firm tomatoes for salads, sambols and curries.', { weigh: 'veg', details: { Origin: 'Dambulla' } }],
    ['Knol Khol', 'per kg', 400, 'round', '#c6f6d5', 'Crunchy knol khol, a favourite for a dry curry with dried chilli.', { weigh: 'veg' }],
  ],
  'Local Vegetables': [
    ['Brinjal', 'per kg', 400, 'round', '#553c9a', 'Glossy purple brinjals for a brinjal moju or a quick curry.', { weigh: 'veg' }],
    ['Pumpkin', 'per kg', 180, 'round', '#dd6b20', 'Sweet yellow pumpkin, cut in wedges, for a creamy pumpkin curry.', { weigh: 'veg' }],
    ['Green Chillies', 'per kg', 900, 'bunch', '#2f855a', 'Fresh, hot green chillies for every sambol and curry.', { weigh: 'small', stock: 11000 }],
    ['Okra', 'per kg', 480, 'bunch', '#48bb78', 'Tender bandakka, good fried crisp or in a light curry.', { weigh: 'veg', stock: 1500, discount: 10 }],
    ['Bitter Gourd', 'per kg', 440, 'bunch', '#38a169', 'Fresh karawila for a fried sambol or a tempered curry.', { weigh: 'veg' }],
    ['Snake Gourd', 'per kg', 320, 'bunch', '#68d391', 'Pale green pathola for a mild coconut milk curry.', { weigh: 'veg' }],
    ['Ash Plantain', 'per kg', 300, 'bunch', '#718096', 'Alu kesel for a rich plantain curry or chips.', { weigh: 'veg' }],
    ['Drumsticks', 'per kg', 680, 'bunch', '#276749', 'Long murunga pods for a spicy drumstick curry.', { weigh: 'veg' }],
    ['Cucumber', 'per kg', 320, 'round', '#48bb78', 'Cool, crisp cucumbers for salads and a cucumber sambol.', { weigh: 'veg' }],
    ['Lime', 'per kg', 960, 'round', '#68d391', 'Juicy limes for sambols, juice and a squeeze over the rice.', { weigh: 'small', details: { Tip: 'Roll on the table before squeezing' } }],
  ],
  'Onions & Garlic': [
    ['Red Onions', 'per kg', 580, 'bag', '#9b2c2c', 'Small local red onions, the base of lunu miris and pol sambol.', { weigh: 'veg', details: { Origin: 'Jaffna' } }],
    ['Big Onions', 'per kg', 360, 'bag', '#c05621', 'Large onions for curries and tempering.', { weigh: 'veg', stock: 45000 }],
    ['Garlic', 'per kg', 880, 'round', '#e2e8f0', 'Firm garlic bulbs with plump cloves.', { weigh: 'small' }],
  ],
  'Fresh Milk': [
    ['Full Cream Fresh Milk', '1L', 490, 'bottle', '#3182ce', 'Pasteurised full cream milk from up-country farms. Keep chilled and use within two days of opening.', { stock: 40, details: { 'Keep at': '4 °C', 'Shelf life': '7 days' }, variations: [vary('Full Cream Fresh Milk 500ml', '500ml', 255, 50), vary('Full Cream Fresh Milk 2L', '2L', 960, 0, 3)] }],
    ['Low Fat Fresh Milk', '1L', 520, 'bottle', '#63b3ed', 'Fresh milk with most of the cream taken off, for a lighter cup of tea.'],
    ['Chocolate Milk Drink', '180ml', 150, 'bottle', '#7b341e', 'Chilled chocolate milk in a handy bottle for school bags.'],
    ['Vanilla Milk Drink', '180ml', 150, 'bottle', '#f6e05e', 'A chilled vanilla milk drink, smooth and lightly sweet.', { stock: 3 }],
    ['Nilwala Farms Fresh Milk', '1L', 480, 'bottle', '#2b6cb0', 'Fresh milk from the Nilwala Farms dairy co-operative in the south.', { brand: 'Nilwala Farms', discount: 3 }],
  ],
  'Milk Powder': [
    ['Full Cream Milk Powder', '400g', 1080, 'pack', '#2c5282', 'Full cream milk powder for tea, cooking and growing families.', { discount: 5, stock: 60, details: { 'Made in': 'Sri Lanka', Storage: 'Close tightly after use' }, variations: [vary('Full Cream Milk Powder 1kg', '1kg', 2650, 20, 6), vary('Full Cream Milk Powder 200g', '200g', 560, 30)] }],
    ['Non-fat Milk Powder', '400g', 1120, 'pack', '#bee3f8', 'Skimmed milk powder with all the protein and little of the fat.', { stock: 8 }],
    ['Growing-up Milk Powder', '350g', 1350, 'can', '#63b3ed', 'A milk powder with added vitamins for children over three years.'],
    ['Kade Select Milk Powder', '400g', 1020, 'pack', '#3182ce', 'Our own full cream milk powder at an everyday price.', { brand: 'Kade Select' }],
  ],
  'Yoghurt & Curd': [
    ['Set Yoghurt', '80g', 80, 'jar', '#e2e8f0', 'Creamy set yoghurt in a cup, lightly sweet. Keep refrigerated.', { stock: 90, totalStock: 120, variations: [vary('Set Yoghurt 6 Cups', '6 x 80g', 460, 15, 4)] }],
    ['Buffalo Curd Pot', '900ml', 850, 'jar', '#c05621', 'Thick buffalo curd set in a clay pot the traditional way. Best with kithul treacle.', { details: { Origin: 'Hambantota', 'Shelf life': '4 days' } }],
    ['Drinking Yoghurt Mango', '180ml', 150, 'bottle', '#ecc94b', 'A mango drinking yoghurt, cool and refreshing.'],
    ['Nilwala Farms Strawberry Yoghurt', '80g', 90, 'jar', '#fbb6ce', 'Strawberry set yoghurt from Nilwala Farms, with real fruit pieces.', { brand: 'Nilwala Farms' }],
  ],
  'Butter & Cheese': [
    ['Salted Butter', '200g', 1150, 'box', '#ecc94b', 'Creamy salted butter for toast and baking. Keep chilled.'],
    ['Margarine', '250g', 420, 'jar', '#f6e05e', 'A soft spread for bread and cakes.', { discount: 5 }],
    ['Processed Cheese Slices', '10 slices', 1190, 'pack', '#f6ad55', 'Individually wrapped cheese slices for sandwiches and burgers.', { stock: 0 }],
    ['Cheddar Cheese Block', '250g', 1890, 'box', '#f6e05e', 'A mild cheddar block for grating over pasta or slicing.'],
  ],
  Eggs: [
    ['Farm Eggs', '10 pcs', 450, 'tray', '#f6e05e', 'Fresh white-shell eggs from poultry farms in Kurunegala.', { stock: 100, totalStock: 150, variations: [vary('Farm Eggs 6 pcs', '6 pcs', 280, 40), vary('Farm Eggs 30 pcs', '30 pcs', 1320, 10, 3)] }],
    ['Nilwala Farms Brown Eggs', '10 pcs', 520, 'tray', '#c05621', 'Brown eggs from free-range hens at Nilwala Farms.', { brand: 'Nilwala Farms' }],
    ['Quail Eggs', '12 pcs', 360, 'tray', '#d69e2e', 'Small speckled quail eggs, lovely boiled in a salad or curry.', { stock: 2 }],
  ],
  'Ice Cream': [
    ['Vanilla Ice Cream', '1L', 890, 'box', '#fefcbf', 'Classic vanilla ice cream for the family. Delivered frozen.', { discount: 5 }],
    ['Chocolate Ice Cream', '1L', 950, 'box', '#744210', 'Rich chocolate ice cream. Delivered frozen.'],
    ['Wattalappam Ice Cream', '500ml', 690, 'box', '#975a16', 'Ice cream flavoured like the jaggery and cardamom pudding.'],
  ],
  'Black Tea': [
    ['Ceylon BOPF Tea', '200g', 520, 'pack', '#7b341e', 'A strong, bright Broken Orange Pekoe Fannings for a milk tea.', { details: { Grade: 'BOPF', Region: 'Uva' }, variations: [vary('Ceylon BOPF Tea 400g', '400g', 990, 30, 5)] }],
    ['High Grown Dust Tea', '500g', 1100, 'pack', '#5f370e', 'Fine dust tea that brews dark and quick, the way a kade makes it.'],
    ['Uva Leaf Tea', '100g', 450, 'box', '#9c4221', 'Whole leaf tea from the Uva hills, light and aromatic.', { details: { Region: 'Uva', Grade: 'OP' } }],
    ['Sigiri Valley Pekoe Tea', '250g', 780, 'box', '#7b341e', 'A smooth pekoe from Sigiri Valley estates, good without milk.', { brand: 'Sigiri Valley' }],
  ],
  'Tea Bags': [
    ['Black Tea Bags', '100 bags', 800, 'box', '#9c4221', 'Pure Ceylon tea in a hundred string-and-tag bags.', { stock: 50, details: { Region: 'Nuwara Eliya' }, variations: [vary('Black Tea Bags 50 bags', '50 bags', 430, 35)] }],
    ['Green Tea Bags', '25 bags', 480, 'box', '#38a169', 'Ceylon green tea, light and grassy.'],
    ['Ginger Tea Bags', '25 bags', 370, 'box', '#d69e2e', 'Black tea with dried ginger, warming on a rainy evening.'],
    ['Coriander Herbal Drink', '10 sachets', 320, 'pack', '#718096', 'A herbal coriander and ginger drink, a home favourite for colds.'],
  ],
  Coffee: [
    ['Instant Coffee Jar', '100g', 1650, 'jar', '#7b341e', 'Freeze-dried instant coffee for a quick strong cup.', { discount: 8 }],
    ['Ground Coffee', '250g', 900, 'pack', '#5f370e', 'Sri Lankan coffee beans roasted dark and ground for a coffee filter.', { details: { Origin: 'Kandy district' } }],
    ['3-in-1 Coffee Mix', '10 sachets', 650, 'pack', '#975a16', 'Coffee, creamer and sugar in one sachet: just add hot water.'],
  ],
  'Malted Drinks': [
    ['Malted Chocolate Drink', '400g', 1150, 'pack', '#744210', 'A chocolate malted drink powder, warm at breakfast or cold after school.', { discount: 5, variations: [vary('Malted Chocolate Drink 1kg', '1kg', 2790, 8, 5)] }],
    ['Kola Kanda Mix', '10 sachets', 450, 'pack', '#2f855a', 'Herbal rice porridge mix: stir into hot water for a quick kola kenda.'],
    ['Cereal Nutrition Mix', '200g', 280, 'pack', '#d69e2e', 'A corn and soya cereal mix for porridge or a sweet roti.'],
  ],
  'Cream Crackers': [
    ['Cream Crackers', '490g', 620, 'pack', '#d69e2e', 'Light, flaky cream crackers for tea time or with a curry.', { stock: 60, variations: [vary('Cream Crackers 190g', '190g', 260, 50)] }],
    ['Wholemeal Crackers', '250g', 320, 'pack', '#b7791f', 'Crackers made with wholemeal flour, with a nutty taste.'],
    ['Cheese Crackers', '100g', 220, 'pack', '#ecc94b', 'Small, salty cheese crackers for snacking.'],
    ['Kade Select Cream Crackers', '400g', 480, 'pack', '#2f855a', 'Our own cream crackers, crisp and light, at a lower price.', { brand: 'Kade Select' }],
  ],
  'Sweet Biscuits': [
    ['Marie Biscuits', '400g', 380, 'pack', '#c05621', 'Plain, light marie biscuits to dip in tea.'],
    ['Chocolate Cream Biscuits', '200g', 320, 'pack', '#5f370e', 'Chocolate biscuits sandwiching a chocolate cream.', { discount: 5 }],
    ['Ginger Nut Biscuits', '200g', 300, 'pack', '#975a16', 'Hard, spicy ginger biscuits that stand up to dunking.'],
    ['Lemon Puff Biscuits', '200g', 310, 'pack', '#f6e05e', 'Flaky biscuits filled with a tangy lemon cream.'],
    ['Coconut Biscuits', '300g', 360, 'pack', '#e2e8f0', 'Crunchy biscuits baked with desiccated coconut.', { stock: 2 }],
    ['Custard Cream Biscuits', '200g', 300, 'pack', '#fbd38d', 'Vanilla custard cream between two golden biscuits.'],
  ],
  'Wafers & Cookies': [
    ['Chocolate Wafers', '200g', 380, 'pack', '#744210', 'Crisp wafers layered with chocolate cream.'],
    ['Vanilla Wafers', '100g', 220, 'pack', '#fbd38d', 'Light vanilla cream wafers, a lunch-box favourite.'],
    ['Butter Cookies Tin', '400g', 1650, 'can', '#2b6cb0', 'Danish-style butter cookies in a gift tin.', { discount: 10, details: { 'Good for': 'Gifts and visits' } }],
    ['Chocolate Chip Cookies', '150g', 420, 'pack', '#975a16', 'Crunchy cookies with chocolate chips.'],
  ],
  'Pain Relief': [
    ['Paracetamol Tablets 500mg', '10 tablets', 45, 'box', '#e53e3e', 'Paracetamol for fever and mild pain. Read the label and do not exceed the stated dose.', { stock: 100, details: { Strength: '500 mg', Note: 'Keep away from children' } }],
    ['Pain Relief Balm', '25g', 350, 'jar', '#c05621', 'A warming herbal balm for headaches and aching muscles. For external use only.'],
    ['Muscle Rub Gel', '30g', 690, 'box', '#3182ce', 'A cooling gel for sprains and back pain. For external use only.'],
    ['Pinda Oil', '60ml', 390, 'bottle', '#975a16', 'An Ayurvedic herbal oil for joint and muscle aches. Warm slightly and massage in.'],
  ],
  'First Aid': [
    ['Adhesive Bandages', '20 pcs', 280, 'box', '#ed8936', 'Breathable plasters in assorted sizes for small cuts.'],
    ['Antiseptic Liquid', '100ml', 480, 'bottle', '#c05621', 'Dilute for cleaning cuts and grazes, or add to bath water.'],
    ['Cotton Wool', '50g', 180, 'pack', '#e2e8f0', 'Soft, absorbent cotton wool for first aid and baby care.'],
    ['Crepe Bandage', '7.5cm', 390, 'round', '#f6e05e', 'A stretchy crepe bandage for support after a sprain.'],
    ['Digital Thermometer', '1 pc', 1450, 'box', '#3182ce', 'A quick-reading digital thermometer with a fever alarm.', { stock: 0 }],
    ['Surgical Face Masks', '10 pcs', 250, 'box', '#63b3ed', 'Three-ply disposable face masks with ear loops.'],
  ],
  'Cold & Flu': [
    ['Herbal Cough Syrup', '100ml', 520, 'bottle', '#9b2c2c', 'An Ayurvedic syrup of ginger, honey and herbs for a dry cough.'],
    ['Throat Lozenges', '16 pcs', 280, 'pack', '#d53f8c', 'Honey and lemon lozenges that soothe a sore throat.'],
    ['Vapour Rub', '25g', 420, 'jar', '#2b6cb0', 'A menthol and eucalyptus rub for a blocked nose. For external use only.'],
    ['Eucalyptus Oil', '30ml', 350, 'bottle', '#38a169', 'Pure eucalyptus oil for steam inhalation.'],
  ],
  'Digestive Care': [
    ['Oral Rehydration Salts', '5 sachets', 150, 'pack', '#3182ce', 'Salts to mix with clean water and replace fluids after diarrhoea or heat.'],
    ['Antacid Tablets', '12 tablets', 220, 'box', '#38b2ac', 'Chewable tablets for heartburn and indigestion.'],
    ['Isabgol Husk', '100g', 490, 'pack', '#d69e2e', 'Psyllium husk for fibre. Stir into water and drink at once.'],
  ],
  Chips: [
    ['Salted Potato Chips', '80g', 350, 'pack', '#ecc94b', 'Thin, crisp potato chips with a pinch of sea salt.'],
    ['Hot & Spicy Potato Chips', '80g', 350, 'pack', '#e53e3e', 'Potato chips dusted with chilli for those who like it hot.'],
    ['Manioc Chips Chilli', '100g', 220, 'pack', '#c53030', 'Crunchy cassava chips with chilli and salt, made in Sri Lanka.', { stock: 0 }],
    ['Banana Chips', '100g', 230, 'pack', '#f6e05e', 'Thin slices of green banana fried in coconut oil.'],
    ['Spicy Murukku', '200g', 280, 'pack', '#c05621', 'Crunchy rice-flour murukku with chilli and curry leaves.'],
    ['Mihira Foods Spicy Mixture', '200g', 300, 'pack', '#dd6b20', 'A spicy mix of sev, lentils, peanuts and curry leaves.', { brand: 'Mihira Foods' }],
  ],
  'Nuts & Bites': [
    ['Roasted Cashew Nuts', '100g', 750, 'pack', '#d69e2e', 'Whole cashews roasted with a little salt.', { details: { Origin: 'Kurunegala' }, variations: [vary('Roasted Cashew Nuts 250g', '250g', 1800, 10, 5)] }],
    ['Salted Peanuts', '100g', 180, 'pack', '#c05621', 'Crunchy roasted peanuts with salt.'],
    ['Roasted Chickpeas', '100g', 200, 'pack', '#dd6b20', 'Crunchy roasted kadala, a beach-side favourite.'],
    ['Fried Green Peas', '100g', 170, 'pack', '#38a169', 'Spicy fried green peas for a quick bite.'],
    ['Devilled Cashews', '100g', 790, 'pack', '#e53e3e', 'Cashews tossed with chilli, onion and curry leaves.', { discount: 5 }],
  ],
  'Chocolates & Toffees': [
    ['Milk Chocolate Bar', '100g', 650, 'pack', '#744210', 'A smooth milk chocolate bar. Keep cool.'],
    ['Dark Chocolate Bar', '100g', 720, 'pack', '#1a202c', 'A rich dark chocolate with 60 percent cocoa.'],
    ['Fruit Jelly Sweets', '150g', 240, 'pack', '#d53f8c', 'Chewy fruit jellies in bright colours.'],
    ['Mihira Foods Milk Toffee', '200g', 380, 'box', '#faf089', 'Soft milk toffee squares made with condensed milk and cashew.', { brand: 'Mihira Foods' }],
  ],
  'Traditional Sweets': [
    ['Kokis', '10 pcs', 350, 'box', '#f6ad55', 'Crisp, lacy kokis made with rice flour and coconut milk.', { details: { Season: 'Made fresh for Avurudu, sold all year' } }],
    ['Aluwa', '250g', 300, 'box', '#f6e05e', 'Diamond-shaped rice flour and treacle sweets with cashew.'],
    ['Kalu Dodol', '250g', 550, 'box', '#2d3748', 'Dark, rich dodol made with kithul jaggery and coconut milk.', { stock: 0, details: { Made: 'Kalutara' } }],
    ['Coconut Toffee', '200g', 350, 'box', '#fbd38d', 'Crumbly coconut toffee squares flavoured with cardamom.'],
    ['Kavum', '5 pcs', 300, 'box', '#9c4221', 'Deep-fried oil cakes of rice flour and treacle.', { stock: 3 }],
  ],
  'Samba Rice': [
    ['White Samba Rice', 'per kg', 290, 'bag', '#ecc94b', 'Small-grain white samba, the everyday rice for rice and curry.', { weigh: 'rice', stock: 110000 }],
    ['Keeri Samba Rice', 'per kg', 360, 'bag', '#d69e2e', 'Fragrant keeri samba with tiny grains, for biryani and festive meals.', { weigh: 'rice' }],
    ['Ran Kekulu Samba Rice', '1kg', 280, 'bag', '#b7791f', 'Ran Kekulu samba, cleaned and stone-free.', { brand: 'Ran Kekulu', discount: 3, stock: 120, totalStock: 150 }],
    ['Parboiled Samba Rice', 'per kg', 295, 'bag', '#f6e05e', 'Parboiled samba that cooks separate and keeps well.', { weigh: 'rice' }],
  ],
  'Nadu Rice': [
    ['White Nadu Rice', 'per kg', 240, 'bag', '#e2e8f0', 'Soft, fluffy white nadu rice for every day.', { weigh: 'rice', stock: 90000 }],
    ['Red Nadu Rice', 'per kg', 250, 'bag', '#c53030', 'Red nadu rice with its bran, filling and tasty.', { weigh: 'rice' }],
    ['White Raw Rice', 'per kg', 235, 'bag', '#edf2f7', 'Unparboiled raw rice for kiribath and milk rice.', { weigh: 'rice' }],
    ['Ran Kekulu Nadu Rice', '1kg', 235, 'bag', '#d69e2e', 'Ran Kekulu white nadu, milled in Polonnaruwa.', { brand: 'Ran Kekulu' }],
  ],
  'Red Rice': [
    ['Red Raw Rice', 'per kg', 260, 'bag', '#9b2c2c', 'Unpolished red raw rice, rich in fibre.', { weigh: 'rice' }],
    ['Red Kekulu Rice', 'per kg', 255, 'bag', '#c53030', 'Red kekulu for a hearty plate of rice and curry.', { weigh: 'rice' }],
    ['Basmati Rice', '1kg', 850, 'bag', '#faf089', 'Long-grain basmati for fried rice and biryani.', { discount: 5, details: { Origin: 'Imported' } }],
  ],
  'Heirloom Rice': [
    ['Suwandel Rice', 'per kg', 480, 'bag', '#f7fafc', 'A fragrant traditional white rice, once served at royal tables.', { weigh: 'rice', details: { Type: 'Heritage variety' } }],
    ['Kalu Heenati Rice', 'per kg', 520, 'bag', '#742a2a', 'A dark red heritage rice, prized for its nutrition.', { weigh: 'rice', stock: 2000 }],
    ['Pachchaperumal Rice', 'per kg', 450, 'bag', '#9b2c2c', 'A red heritage rice with a nutty flavour.', { weigh: 'rice' }],
  ],
  'Dhal & Pulses': [
    ['Mysore Dhal', 'per kg', 350, 'bag', '#dd6b20', 'Red lentils that cook in minutes for a creamy parippu.', { weigh: 'dhal', stock: 100000 }],
    ['Green Gram', 'per kg', 900, 'bag', '#38a169', 'Whole mung beans for mung kiribath or a sweet mung kavum.', { weigh: 'dhal' }],
    ['Chickpeas', 'per kg', 720, 'bag', '#d69e2e', 'Dried chickpeas: soak overnight and boil with salt and coconut.', { weigh: 'dhal' }],
    ['Cowpea', 'per kg', 760, 'bag', '#9c4221', 'Red cowpea for a thick cowpea curry.', { weigh: 'dhal' }],
    ['Soya Meat', '90g', 130, 'pack', '#b7791f', 'Dried soya chunks, a quick protein for curries and devilled dishes.'],
    ['Kade Select Mysore Dhal', '1kg', 320, 'bag', '#2f855a', 'Our own cleaned red lentils at an everyday price.', { brand: 'Kade Select' }],
  ],
  'Flour & Grains': [
    ['Wheat Flour', '1kg', 220, 'bag', '#f7fafc', 'All-purpose wheat flour for roti, pol roti and baking.', { stock: 80, variations: [vary('Wheat Flour 2kg', '2kg', 430, 30)] }],
    ['String Hopper Flour', '1kg', 360, 'bag', '#edf2f7', 'Steamed white rice flour for string hoppers and pittu.'],
    ['Red Rice Flour', '1kg', 330, 'bag', '#c53030', 'Roasted red rice flour for pittu and red string hoppers.'],
    ['Kurakkan Flour', '500g', 320, 'bag', '#744210', 'Finger millet flour for kurakkan roti and porridge.'],
    ['Semolina', '500g', 300, 'bag', '#f6e05e', 'Coarse rava for sweet semolina and upma.'],
    ['Rolled Oats', '500g', 750, 'box', '#d69e2e', 'Whole rolled oats for porridge and baking.'],
  ],
  'Local Fruits': [
    ['Ambul Banana', '1kg', 300, 'bunch', '#ecc94b', 'Ambul bananas, slightly tangy, the everyday Sri Lankan banana.', { details: { Origin: 'Embilipitiya' } }],
    ['Kolikuttu Banana', '1kg', 450, 'bunch', '#d69e2e', 'Sweet, fragrant kolikuttu bananas.'],
    ['Papaya', 'per kg', 250, 'round', '#dd6b20', 'Ripe red-fleshed papaya, sweet and soft.', { weigh: 'fruit' }],
    ['Pineapple', '1 pc', 450, 'round', '#d69e2e', 'A ripe Kurunegala pineapple, sweet with a little tang.', { details: { Origin: 'Kurunegala' } }],
    ['Karthakolomban Mango', 'per kg', 600, 'round', '#f6ad55', 'The favourite local mango: juicy and sweet with little fibre.', { weigh: 'fruit', details: { Season: 'May to July' } }],
    ['King Coconut', '1 pc', 150, 'round', '#ed8936', 'A chilled thambili to drink straight from the nut.'],
    ['Rambutan', 'per kg', 700, 'round', '#c53030', 'Fresh rambutan from Malwana in season.', { weigh: 'fruit', discount: 10, details: { Origin: 'Malwana', Season: 'June to August' } }],
    ['Mangosteen', 'per kg', 1200, 'round', '#553c9a', 'Sweet, tangy mangosteen in season.', { weigh: 'fruit', stock: 0, details: { Season: 'June to August' } }],
    ['Avocado', 'per kg', 800, 'round', '#276749', 'Buttery avocados: ripe when they give a little to a press.', { weigh: 'fruit' }],
    ['Wood Apple', '1 pc', 120, 'round', '#744210', 'A ripe divul for juice or a sweet wood apple cream.'],
    ['Passion Fruit', 'per kg', 700, 'round', '#553c9a', 'Wrinkled, ripe passion fruit for juice and cordial.', { weigh: 'fruit' }],
    ['Watermelon', '1 pc', 500, 'round', '#2f855a', 'A whole watermelon of about two kilos, red and juicy.'],
    ['Guava', 'per kg', 500, 'round', '#68d391', 'Crisp pink guavas, good with salt and chilli.', { weigh: 'fruit' }],
  ],
  'Imported Fruits': [
    ['Red Apples', 'per kg', 1400, 'round', '#e53e3e', 'Crisp, sweet imported red apples.', { weigh: 'fruit', details: { Origin: 'Imported' } }],
    ['Green Grapes', 'per kg', 2400, 'bunch', '#9ae6b4', 'Seedless green grapes, chilled.', { weigh: 'fruit' }],
    ['Oranges', 'per kg', 1300, 'round', '#ed8936', 'Juicy imported oranges for eating or juice.', { weigh: 'fruit' }],
    ['Pomegranate', 'per kg', 1800, 'round', '#9b2c2c', 'Ruby-red pomegranates with sweet seeds.', { weigh: 'fruit' }],
    ['Dates Box', '500g', 950, 'box', '#744210', 'Soft, sweet dates in a box.', { discount: 10 }],
  ],
  Chicken: [
    ['Whole Chicken Skinless', '1kg', 1400, 'tray', '#fbd38d', 'A whole skinless broiler chicken, cleaned and chilled.', { stock: 20, details: { Storage: 'Keep chilled at 0-4 °C', 'Use within': '2 days' }, variations: [vary('Whole Chicken Skinless 1.5kg', '1.5kg', 2080, 8, 3)] }],
    ['Chicken Curry Cut', 'per kg', 1450, 'tray', '#f6ad55', 'Chicken cut into curry pieces, bone in.', { weigh: 'meat', discount: 3 }],
    ['Chicken Breast Boneless', 'per kg', 2100, 'tray', '#feebc8', 'Boneless breast fillets for grilling and devilled chicken.', { weigh: 'meat' }],
    ['Chicken Drumsticks', 'per kg', 1700, 'tray', '#ed8936', 'Meaty drumsticks for roasting or a spicy curry.', { weigh: 'meat' }],
    ['Chicken Liver', 'per kg', 1100, 'tray', '#742a2a', 'Fresh chicken liver for a quick devilled dish.', { weigh: 'meat', stock: 1000 }],
  ],
  'Mutton & Pork': [
    ['Mutton Curry Cut', 'per kg', 4800, 'tray', '#9b2c2c', 'Goat mutton cut for curry, bone in.', { weigh: 'meat', stock: 1500 }],
    ['Pork Curry Cut', 'per kg', 1900, 'tray', '#feb2b2', 'Pork with a little fat, cut for a black pork curry.', { weigh: 'meat' }],
    ['Mutton Boneless', 'per kg', 5800, 'tray', '#742a2a', 'Boneless mutton cubes for biryani and kottu.', { weigh: 'meat' }],
  ],
  'Sausages & Cold Cuts': [
    ['Chicken Sausages', '500g', 980, 'pack', '#c05621', 'Chicken sausages for breakfast and devilled sausages.', { discount: 5 }],
    ['Chicken Meatballs', '500g', 900, 'pack', '#9c4221', 'Ready-to-cook chicken meatballs. Keep frozen.'],
    ['Smoked Chicken Slices', '200g', 750, 'pack', '#feb2b2', 'Thin slices of smoked chicken for sandwiches.'],
    ['Nilwala Farms Chicken Sausages', '400g', 820, 'pack', '#2b6cb0', 'Chicken sausages from Nilwala Farms, no added colour.', { brand: 'Nilwala Farms' }],
  ],
  'Fresh Fish': [
    ['Thalapath Steaks', 'per kg', 2500, 'tray', '#4a5568', 'Sailfish steaks, firm and meaty, for a fish ambul thiyal or curry.', { weigh: 'fish', details: { Landed: 'Negombo' } }],
    ['Seer Fish Slices', 'per kg', 3400, 'tray', '#718096', 'Thora slices, the best fish for frying.', { weigh: 'fish', details: { Landed: 'Beruwala' } }],
    ['Kelawalla Steaks', 'per kg', 2000, 'tray', '#2b6cb0', 'Yellowfin tuna steaks for curry and cutlets.', { weigh: 'fish' }],
    ['Salaya', 'per kg', 700, 'tray', '#63b3ed', 'Small sardines for a sour curry or fried whole.', { weigh: 'fish' }],
    ['Linna Mackerel', 'per kg', 1200, 'tray', '#4299e1', 'Fresh mackerel for a spicy red curry.', { weigh: 'fish' }],
  ],
  'Prawns & Seafood': [
    ['Prawns Medium', 'per kg', 3200, 'tray', '#f56565', 'Medium prawns, shell on, cleaned on request.', { weigh: 'fish', stock: 0 }],
    ['Cuttlefish', 'per kg', 2600, 'tray', '#e2e8f0', 'Cleaned cuttlefish for a devilled dish or black curry.', { weigh: 'fish' }],
    ['Lagoon Crab', 'per kg', 3000, 'tray', '#c53030', 'Live lagoon crab for a Jaffna-style crab curry.', { weigh: 'fish', stock: 750 }],
  ],
  'Dried Fish': [
    ['Dried Sprats', '200g', 400, 'pack', '#975a16', 'Haal masso for a fried sprats dish with onions and chilli.'],
    ['Katta Dried Fish', '200g', 650, 'pack', '#744210', 'Salted katta karawala: soak, then fry or curry.'],
    ['Balaya Jaadi', '250g', 750, 'jar', '#5f370e', 'Tuna pickled in goraka and salt the old southern way.', { details: { Origin: 'Matara' } }],
    ['Maldive Fish Chips', '100g', 700, 'pack', '#5f370e', 'Dried tuna flakes to add depth to sambols and curries.'],
  ],
  'Canned Fish': [
    ['Canned Mackerel', '425g', 650, 'can', '#c53030', 'Mackerel in tomato sauce for a quick tinned fish curry.', { variations: [vary('Canned Mackerel 155g', '155g', 300, 40)] }],
    ['Canned Tuna in Brine', '185g', 690, 'can', '#2b6cb0', 'Tuna chunks in brine for sandwiches and cutlets.'],
    ['Canned Sardines', '155g', 350, 'can', '#4a5568', 'Sardines in tomato sauce.'],
  ],
  'Curry Powders': [
    ['Roasted Curry Powder', '100g', 280, 'pack', '#7b341e', 'Dark roasted curry powder for meat and fish curries.', { variations: [vary('Roasted Curry Powder 250g', '250g', 650, 20, 5)] }],
    ['Unroasted Curry Powder', '100g', 250, 'pack', '#d69e2e', 'Light curry powder for vegetable and dhal curries.'],
    ['Meat Curry Powder', '100g', 300, 'pack', '#9c4221', 'A blend with extra pepper and fennel for meat.', { discount: 5 }],
    ['Turmeric Powder', '100g', 260, 'pack', '#d69e2e', 'Bright, pure turmeric powder.'],
    ['Mihira Foods Roasted Curry Powder', '200g', 520, 'pack', '#5f370e', 'Mihira Foods roast their own coriander, cumin and fennel in small batches.', { brand: 'Mihira Foods' }],
  ],
  'Whole Spices': [
    ['Ceylon Cinnamon Sticks', '50g', 500, 'pack', '#9c4221', 'True Ceylon cinnamon quills, thin and sweet.', { details: { Grade: 'Alba', Origin: 'Galle' } }],
    ['Cardamom', '25g', 550, 'jar', '#68d391', 'Green cardamom pods for tea, sweets and biryani.'],
    ['Cloves', '25g', 220, 'jar', '#5f370e', 'Whole cloves with a strong aroma.'],
    ['Mustard Seeds', '100g', 120, 'jar', '#b7791f', 'Small brown mustard seeds for tempering and achcharu.'],
    ['Cumin Seeds', '100g', 260, 'jar', '#975a16', 'Whole cumin seeds for curries and tempering.'],
    ['Fennel Seeds', '100g', 200, 'jar', '#68d391', 'Sweet fennel seeds for meat curries.'],
    ['Fenugreek Seeds', '100g', 110, 'jar', '#d69e2e', 'Uluhaal to thicken and season curries.'],
    ['Goraka', '100g', 200, 'pack', '#742a2a', 'Dried goraka for sour fish curries.'],
    ['Mihira Foods Cinnamon Powder', '50g', 390, 'jar', '#9c4221', 'Finely ground Ceylon cinnamon from Mihira Foods.', { brand: 'Mihira Foods' }],
  ],
  'Chilli & Pepper': [
    ['Chilli Powder', '100g', 240, 'pack', '#c53030', 'Hot ground red chilli.'],
    ['Chilli Pieces', '100g', 220, 'pack', '#e53e3e', 'Crushed dried chilli for pol sambol and tempering.'],
    ['Black Pepper Whole', '100g', 450, 'jar', '#1a202c', 'Bold black peppercorns from Matale.', { details: { Origin: 'Matale' } }],
    ['Black Pepper Powder', '50g', 260, 'jar', '#2d3748', 'Freshly ground black pepper.'],
    ['Dried Red Chillies', '100g', 230, 'pack', '#9b2c2c', 'Whole dried chillies for tempering and roasting.'],
  ],
  Cleaning: [
    ['Floor Cleaner Lemon', '1L', 650, 'bottle', '#f6e05e', 'A lemon-scented floor cleaner: dilute a capful in a bucket of water.'],
    ['Toilet Cleaner', '500ml', 520, 'bottle', '#3182ce', 'A thick toilet cleaner that clings under the rim.'],
    ['Glass Cleaner', '500ml', 490, 'bottle', '#63b3ed', 'Streak-free spray for windows and mirrors.'],
    ['Disinfectant Liquid', '500ml', 560, 'bottle', '#2f855a', 'A pine disinfectant for floors and drains.', { discount: 5 }],
    ['Ekel Broom', '1 pc', 350, 'bunch', '#975a16', 'A traditional coconut-rib broom for the garden and yard.'],
  ],
  Laundry: [
    ['Washing Powder', '1kg', 890, 'pack', '#3182ce', 'A washing powder for hand and machine wash.', { discount: 5, variations: [vary('Washing Powder 500g', '500g', 460, 25), vary('Washing Powder 2kg', '2kg', 1720, 10, 8)] }],
    ['Liquid Detergent', '1L', 1100, 'bottle', '#805ad5', 'A liquid detergent that is gentle on colours.'],
    ['Laundry Bar Soap', '4 pcs', 520, 'box', '#63b3ed', 'Hard blue bar soap for scrubbing collars and cuffs.'],
    ['Fabric Softener', '1L', 850, 'bottle', '#f687b3', 'Leaves clothes soft and fresh-smelling.'],
  ],
  Dishwash: [
    ['Dishwash Liquid Lime', '500ml', 450, 'bottle', '#68d391', 'A lime dishwash liquid that cuts through grease.', { discount: 5 }],
    ['Dishwash Bar', '400g', 220, 'box', '#38a169', 'A dishwash bar that lasts for weeks.'],
    ['Scrub Sponges', '3 pcs', 200, 'pack', '#ecc94b', 'Sponges with a green scrubbing side.'],
    ['Kade Select Dishwash Liquid', '500ml', 390, 'bottle', '#2f855a', 'Our own lemon dishwash liquid at an everyday price.', { brand: 'Kade Select' }],
  ],
  'Kitchen & Home': [
    ['Garbage Bags Large', '10 pcs', 350, 'pack', '#1a202c', 'Strong black garbage bags with tie handles.'],
    ['Safety Matches', '10 boxes', 150, 'box', '#c53030', 'A bundle of ten matchboxes for the kitchen and the lamp.', { stock: 100 }],
    ['Mosquito Coils', '10 pcs', 280, 'box', '#2f855a', 'Slow-burning coils for evening mosquito protection.'],
    ['Aluminium Foil', '7.5m', 550, 'box', '#a0aec0', 'Kitchen foil for wrapping lunch packets and baking.'],
    ['Kitchen Towels', '2 rolls', 480, 'pack', '#e2e8f0', 'Absorbent paper towels for the kitchen.'],
    ['Toilet Tissue', '4 rolls', 520, 'pack', '#bee3f8', 'Soft two-ply toilet tissue.'],
    ['Lunch Sheets', '50 sheets', 180, 'pack', '#f7fafc', 'Food-grade sheets for wrapping a rice packet.'],
  ],
  Soap: [
    ['Sandalwood Soap', '100g', 210, 'box', '#d69e2e', 'A soap with the warm scent of sandalwood.'],
    ['Neem Herbal Soap', '100g', 200, 'box', '#38a169', 'A herbal soap with kohomba oil for clear skin.'],
    ['Carbolic Soap', '100g', 150, 'box', '#e53e3e', 'A classic red carbolic soap for the whole family.'],
    ['Baby Soap', '75g', 220, 'box', '#fbb6ce', 'A mild soap for delicate baby skin.'],
    ['Hand Wash Refill', '400ml', 430, 'bottle', '#81e6d9', 'A gentle hand wash refill pack.'],
  ],
  'Oral Care': [
    ['Herbal Toothpaste', '120g', 330, 'box', '#38b2ac', 'A toothpaste with clove and cinnamon.'],
    ['Fluoride Toothpaste', '120g', 320, 'box', '#3182ce', 'A fluoride toothpaste for strong teeth.'],
    ['Toothbrush Medium', '2 pcs', 350, 'pack', '#63b3ed', 'Medium-bristle toothbrushes, two to a pack.'],
    ['Mouthwash', '250ml', 750, 'bottle', '#319795', 'A mint mouthwash for fresh breath.'],
    ['Kids Toothpaste', '60g', 250, 'box', '#f687b3', 'A mild strawberry toothpaste for children.'],
  ],
  'Hair Care': [
    ['Herbal Hair Oil', '100ml', 450, 'bottle', '#2f855a', 'Coconut oil infused with herbs for strong hair.'],
    ['Shampoo', '180ml', 690, 'bottle', '#805ad5', 'A gentle shampoo for everyday use.'],
    ['Conditioner', '180ml', 720, 'bottle', '#d53f8c', 'A conditioner that smooths tangles.'],
    ['Hair Comb', '1 pc', 120, 'pack', '#1a202c', 'A sturdy wide-tooth comb.'],
  ],
  'Skin Care': [
    ['Body Lotion', '200ml', 890, 'bottle', '#ed8936', 'A light lotion for dry skin in air-conditioned rooms.'],
    ['Talcum Powder', '100g', 300, 'can', '#bee3f8', 'A cooling talc for hot days.'],
    ['Sanitary Napkins', '10 pcs', 380, 'pack', '#f687b3', 'Ultra-thin sanitary napkins with wings.'],
    ['Disposable Razors', '3 pcs', 420, 'pack', '#2b6cb0', 'Twin-blade disposable razors.'],
    ['Sunscreen Lotion', '50ml', 1250, 'bottle', '#f6e05e', 'An SPF 50 sunscreen for the beach and the bus stop.', { stock: 1 }],
  ],
  Bread: [
    ['Sliced Sandwich Bread', '450g', 240, 'bag', '#d69e2e', 'Soft sliced white bread for sandwiches. Baked this morning.', { details: { Baked: 'Every morning', 'Best within': '2 days' } }],
    ['Roast Paan', '450g', 170, 'bag', '#c05621', 'The crusty, square loaf of every Sri Lankan bakery.'],
    ['Wholemeal Bread', '400g', 290, 'bag', '#975a16', 'A brown loaf made with wholemeal flour.'],
    ['Sigiri Valley Multigrain Bread', '400g', 340, 'bag', '#7b341e', 'Sigiri Valley multigrain loaf with sesame and kurakkan.', { brand: 'Sigiri Valley' }],
  ],
  Buns: [
    ['Kimbula Banis', '4 pcs', 300, 'bag', '#c05621', 'Crocodile-shaped sugar-topped buns.', { stock: 1 }],
    ['Seeni Banis', '4 pcs', 320, 'bag', '#f6ad55', 'Soft buns with a sweet sugar topping.'],
    ['Fish Buns', '2 pcs', 240, 'bag', '#dd6b20', 'Soft buns filled with a spicy fish and potato mix.'],
    ['Jam Buns', '2 pcs', 200, 'bag', '#e53e3e', 'Sweet buns with a swirl of mixed-fruit jam.'],
    ['Sandwich Buns', '6 pcs', 360, 'bag', '#fbd38d', 'Soft round buns for burgers and sandwiches.'],
  ],
  'Cakes & Short Eats': [
    ['Butter Cake', '400g', 850, 'box', '#f6e05e', 'A moist butter cake for tea time.'],
    ['Chocolate Cake', '500g', 1450, 'box', '#5f370e', 'A rich chocolate cake with chocolate icing.', { discount: 10 }],
    ['Fish Patties', '5 pcs', 450, 'box', '#d69e2e', 'Crisp half-moon patties filled with spiced fish.'],
    ['Vegetable Rolls', '4 pcs', 400, 'box', '#c05621', 'Crumbed rolls with a spicy vegetable filling.'],
  ],
  Deal: [
    ['Deal: Rice & Dhal Combo', '1 combo', 1650, 'box', '#e53e3e', 'White Samba Rice 5kg with Mysore Dhal 1kg at a bundle price. One per order.', { discount: 8, stock: 20 }],
    ['Deal: Breakfast Pack', '1 combo', 1700, 'box', '#d69e2e', 'Sliced Sandwich Bread, Farm Eggs 10 pcs and Salted Butter together. One per order.', { discount: 10, stock: 12 }],
    ['Deal: Tea Time Bundle', '1 combo', 1100, 'box', '#9c4221', 'Ceylon BOPF Tea 200g, Marie Biscuits and white sugar 500g. One per order.', { discount: 7, stock: 15 }],
    ['Deal: Weekly Vegetable Basket', '1 combo', 2500, 'tray', '#38a169', 'Carrot, leeks, beans, tomatoes, potatoes and greens for a week of cooking. One per order.', { discount: 12, stock: 0 }],
    ['Deal: Curry Essentials Kit', '1 combo', 1350, 'box', '#c05621', 'Roasted and unroasted curry powder, chilli powder, turmeric and goraka. One per order.', { discount: 10, stock: 18 }],
    ['Deal: Household Cleaning Set', '1 combo', 2200, 'box', '#3182ce', 'Floor cleaner, toilet cleaner, dishwash liquid and sponges. One per order.', { discount: 15, stock: 10 }],
    ['Deal: Kids Snack Box', '1 combo', 1200, 'box', '#d53f8c', 'Chips, wafers, chocolate and a milk drink for the lunch box. One per order.', { discount: 6, stock: 14 }],
    ['Deal: Family Chicken Pack', '1 combo', 3100, 'tray', '#c53030', 'Two kilos of chicken curry cut with roasted curry powder. One per order.', { discount: 5, stock: 8 }],
  ],
  'Oil & Ghee': [
    ['Coconut Oil', '1L', 920, 'bottle', '#faf089', 'Pure coconut oil for cooking and frying.', { stock: 60, details: { Origin: 'Kurunegala' }, variations: [vary('Coconut Oil 500ml', '500ml', 480, 30), vary('Coconut Oil 2L Old Pack', '2L', 1800, 5, 0, false)] }],
    ['Vegetable Oil', '1L', 780, 'bottle', '#f6e05e', 'A light vegetable oil for everyday cooking.'],
    ['Cow Ghee', '200g', 1150, 'jar', '#ecc94b', 'Pure ghee for biryani, sweets and tempering.'],
    ['Kade Select Coconut Oil', '1L', 880, 'bottle', '#2f855a', 'Our own coconut oil, pressed from dried coconut.', { brand: 'Kade Select', discount: 4 }],
  ],
  'Sugar & Salt': [
    ['White Sugar', '1kg', 260, 'bag', '#f7fafc', 'Fine white sugar.', { stock: 110, totalStock: 150, variations: [vary('White Sugar 500g', '500g', 135, 60)] }],
    ['Brown Sugar', '1kg', 330, 'bag', '#975a16', 'Brown sugar for a deeper sweetness in tea and cakes.'],
    ['Iodised Table Salt', '400g', 120, 'pack', '#e2e8f0', 'Free-flowing iodised salt.'],
    ['Kithul Jaggery', '500g', 900, 'box', '#5f370e', 'Pure kithul jaggery for sweets and with curd.', { details: { Origin: 'Ratnapura' } }],
    ['Kithul Treacle', '750ml', 1500, 'bottle', '#744210', 'Real kithul treacle, the partner of buffalo curd.', { details: { Origin: 'Ratnapura' } }],
    ['Wild Bee Honey', '350g', 1600, 'jar', '#d69e2e', 'Raw wild honey from the dry zone forests.'],
    ['Kade Select White Sugar', '1kg', 245, 'bag', '#2f855a', 'Our own white sugar at an everyday price.', { brand: 'Kade Select' }],
  ],
  'Coconut Products': [
    ['Coconut', '1 pc', 160, 'round', '#975a16', 'A mature coconut for scraping and coconut milk.', { stock: 100, totalStock: 150, details: { Size: 'Medium, about 13 inches around' } }],
    ['Coconut Milk Powder', '300g', 820, 'pack', '#e2e8f0', 'Instant coconut milk: mix with warm water for curries.'],
    ['Coconut Cream', '400ml', 450, 'can', '#f7fafc', 'Thick coconut cream for rich curries and desserts.'],
    ['Scraped Coconut', '250g', 220, 'pack', '#f7fafc', 'Freshly scraped coconut, ready for sambol. Use the same day.'],
    ['Desiccated Coconut', '250g', 390, 'pack', '#edf2f7', 'Dry coconut for baking and sweets.'],
  ],
  'Sauces & Pastes': [
    ['Tomato Sauce', '400g', 450, 'bottle', '#e53e3e', 'A thick, sweet tomato sauce.'],
    ['Chilli Sauce', '400g', 480, 'bottle', '#c53030', 'A hot and sweet chilli sauce.'],
    ['Soy Sauce', '300ml', 380, 'bottle', '#1a202c', 'A dark soy sauce for fried rice and noodles.'],
    ['Seeni Sambol Jar', '200g', 550, 'jar', '#9c4221', 'Sweet and spicy onion sambol, ready to serve.'],
    ['Nai Miris Chilli Paste', '200g', 480, 'jar', '#e53e3e', 'A fiery chilli paste. Use sparingly.'],
    ['Lime Pickle', '300g', 520, 'jar', '#d69e2e', 'A tangy lime pickle.'],
    ['White Vinegar', '375ml', 180, 'bottle', '#e2e8f0', 'Vinegar for achcharu and pickles.'],
  ],
  'Noodles & Pasta': [
    ['Chicken Instant Noodles', '5 packs', 680, 'pack', '#ecc94b', 'Instant noodles with a chicken seasoning sachet.', { discount: 5 }],
    ['Spaghetti', '400g', 520, 'pack', '#f6e05e', 'Durum wheat spaghetti.'],
    ['Rice Noodles', '400g', 390, 'pack', '#edf2f7', 'Thin rice noodles for stir-fries.'],
    ['Macaroni', '400g', 480, 'pack', '#fbd38d', 'Elbow macaroni for a cheesy bake.'],
  ],
  'Soft Drinks': [
    ['Cola Soft Drink', '1.5L', 450, 'bottle', '#742a2a', 'A chilled cola for the family.'],
    ['Ginger Beer', '400ml', 220, 'bottle', '#d69e2e', 'A fiery Sri Lankan-style ginger beer.'],
    ['Cream Soda', '1.5L', 420, 'bottle', '#f687b3', 'A sweet cream soda.'],
    ['Soda Water', '500ml', 120, 'bottle', '#bee3f8', 'Plain soda water.'],
    ['Energy Drink', '250ml', 350, 'can', '#e53e3e', 'A caffeinated energy drink. Not for children.'],
  ],
  'Juices & Cordials': [
    ['Orange Cordial', '750ml', 790, 'bottle', '#ed8936', 'Dilute one part to five of chilled water.'],
    ['Mango Nectar', '1L', 620, 'box', '#f6ad55', 'A thick mango nectar.'],
    ['Faluda Rose Syrup', '750ml', 520, 'bottle', '#d53f8c', 'Rose syrup for faluda and rose milk.'],
    ['Passion Fruit Cordial', '750ml', 850, 'bottle', '#805ad5', 'Made with real passion fruit pulp.', { discount: 5 }],
  ],
  Water: [
    ['Drinking Water', '1.5L', 150, 'bottle', '#63b3ed', 'Purified bottled drinking water.', { stock: 120, totalStock: 150, variations: [vary('Drinking Water 500ml', '500ml', 80, 100), vary('Drinking Water 5L', '5L', 380, 20)] }],
    ['Sparkling Water', '500ml', 180, 'bottle', '#90cdf4', 'Lightly sparkling mineral water.'],
    ['Kade Select Drinking Water', '1L', 110, 'bottle', '#2f855a', 'Our own bottled drinking water.', { brand: 'Kade Select' }],
  ],
};

/** A steady number from a name (FNV-1a), so default stocks do not change between runs. */
function nameHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function buildProducts(): SeedProduct[] {
  const products: SeedProduct[] = [];
  const nextCode = new Map<WeighKind, number>();
  for (const [sub, lines] of Object.entries(LINES)) {
    const category = CATEGORY_OF.get(sub);
    if (!category) throw new Error(`Seed data: no category for the shelf ${sub}`);
    for (const [name, unit, price, shape, colour, description, extra = {}] of lines) {
      const categories = ['All Product', category];
      const subCategories = ['All Products'];
      if (category === 'Fruit') subCategories.push('All Fruits');
      subCategories.push(sub);
      if (extra.brand) {
        categories.push('Buy Brand');
        subCategories.push(extra.brand);
      }
      const kind = extra.weigh ? WEIGH_KINDS[extra.weigh] : undefined;
      let weighed: SeedWeighed | null = null;
      if (extra.weigh && kind) {
        const code = nextCode.get(extra.weigh) ?? kind.firstCode;
        nextCode.set(extra.weigh, code + 1);
        weighed = { stepGrams: kind.stepGrams, minGrams: kind.minGrams, maxGrams: kind.maxGrams, scaleCode: String(code) };
      }
      const steadyStock = 10 + (nameHash(name) % 91);
      const stock = extra.stock ?? (weighed ? steadyStock * 500 : steadyStock);
      products.push({
        name,
        unit,
        price,
        discount: extra.discount ?? 0,
        stock,
        totalStock: Math.max(extra.totalStock ?? (weighed ? WEIGHED_TOTAL_STOCK_GRAMS : 100), stock),
        description,
        more_details: extra.details ?? {},
        categories,
        subCategories,
        single_quantity: sub === 'Deal',
        weighed,
        variations: extra.variations ?? [],
        visual: { shape, colour },
      });
    }
  }
  return products;
}

/** Every product of the demo shop (variations inside their product). */
export const SEED_PRODUCTS: SeedProduct[] = buildProducts();
