/**
 * The demo catalogue of a Sri Lankan neighbourhood grocery, written for Kade: invented brands, believable
 * units and 2025 rupee prices. Seeded once into an empty database (run.ts), with generated pictures (images.ts).
 */

export type SeedShape = 'bag' | 'bottle' | 'box' | 'can' | 'jar' | 'bunch' | 'round' | 'pack' | 'tray';

export interface SeedCategory {
  name: string;
  colour: string;
  icon: SeedShape;
}

export interface SeedSubCategory {
  name: string;
  categories: string[];
  colour: string;
}

export interface SeedVariation {
  name: string;
  unit: string;
  price: number;
  discount: number;
  stock: number;
  publish?: boolean;
}

export interface SeedProduct {
  name: string;
  unit: string;
  price: number;
  discount: number;
  stock: number;
  totalStock?: number;
  description: string;
  more_details?: Record<string, string>;
  categories: string[];
  subCategories: string[];
  single_quantity?: boolean;
  variations?: SeedVariation[];
  visual: { shape: SeedShape; colour: string };
}

export const SEED_CATEGORIES: SeedCategory[] = [
  { name: 'All Product', colour: '#2f855a', icon: 'bag' },
  { name: 'Vegetable', colour: '#38a169', icon: 'bunch' },
  { name: 'Milk + Other', colour: '#3182ce', icon: 'bottle' },
  { name: 'Tea & Coffee', colour: '#8b5a2b', icon: 'box' },
  { name: 'Biscuit', colour: '#d69e2e', icon: 'pack' },
  { name: 'Medicine', colour: '#e53e3e', icon: 'box' },
  { name: 'Snack', colour: '#dd6b20', icon: 'pack' },
  { name: 'Rice & Grains', colour: '#b7791f', icon: 'bag' },
  { name: 'Fruit', colour: '#d53f8c', icon: 'round' },
  { name: 'Meat', colour: '#c53030', icon: 'tray' },
  { name: 'Fish', colour: '#2b6cb0', icon: 'tray' },
  { name: 'Spices', colour: '#c05621', icon: 'jar' },
  { name: 'Household', colour: '#4a5568', icon: 'bottle' },
  { name: 'Personal Care', colour: '#805ad5', icon: 'bottle' },
  { name: 'Bakery', colour: '#a0522d', icon: 'bag' },
  { name: 'Special', colour: '#e53e3e', icon: 'box' },
  { name: 'Buy Brand', colour: '#2c5282', icon: 'box' },
];

/** Sub-categories and the category they sit under (plus the catch-all ones). */
const SUBS: Array<[string, string, string]> = [
  ['All Products', 'All Product', '#2f855a'],
  ['Leafy Greens', 'Vegetable', '#2f855a'],
  ['Root Vegetables', 'Vegetable', '#b7791f'],
  ['Fresh Vegetables', 'Vegetable', '#38a169'],
  ['Fresh Milk', 'Milk + Other', '#3182ce'],
  ['Milk Powder', 'Milk + Other', '#2c5282'],
  ['Yoghurt & Curd', 'Milk + Other', '#63b3ed'],
  ['Eggs & Butter', 'Milk + Other', '#ecc94b'],
  ['Black Tea', 'Tea & Coffee', '#7b341e'],
  ['Coffee', 'Tea & Coffee', '#5f370e'],
  ['Malt Drinks', 'Tea & Coffee', '#9c4221'],
  ['Cream Crackers', 'Biscuit', '#d69e2e'],
  ['Sweet Biscuits', 'Biscuit', '#dd6b20'],
  ['Pain Relief', 'Medicine', '#e53e3e'],
  ['First Aid', 'Medicine', '#c53030'],
  ['Balms & Oils', 'Medicine', '#975a16'],
  ['Chips', 'Snack', '#dd6b20'],
  ['Nuts & Bites', 'Snack', '#975a16'],
  ['Sweets', 'Snack', '#d53f8c'],
  ['Samba Rice', 'Rice & Grains', '#b7791f'],
  ['Nadu Rice', 'Rice & Grains', '#d69e2e'],
  ['Red Rice', 'Rice & Grains', '#9b2c2c'],
  ['Dhal & Pulses', 'Rice & Grains', '#dd6b20'],
  ['Flour', 'Rice & Grains', '#a0aec0'],
  ['All Fruits', 'Fruit', '#d53f8c'],
  ['Chicken', 'Meat', '#c05621'],
  ['Mutton & Beef', 'Meat', '#9b2c2c'],
  ['Fresh Fish', 'Fish', '#2b6cb0'],
  ['Dried Fish', 'Fish', '#975a16'],
  ['Curry Powders', 'Spices', '#c05621'],
  ['Whole Spices', 'Spices', '#7b341e'],
  ['Cleaning', 'Household', '#4a5568'],
  ['Laundry', 'Household', '#3182ce'],
  ['Soap', 'Personal Care', '#805ad5'],
  ['Oral Care', 'Personal Care', '#38b2ac'],
  ['Bread', 'Bakery', '#a0522d'],
  ['Buns', 'Bakery', '#c05621'],
  ['Deal', 'Special', '#e53e3e'],
  ['Lanka Fresh', 'Buy Brand', '#2f855a'],
  ['Ceylon Gold', 'Buy Brand', '#b7791f'],
  ['Hill Valley', 'Buy Brand', '#3182ce'],
];

export const SEED_SUB_CATEGORIES: SeedSubCategory[] = SUBS.map(([name, category, colour]) => ({ name, categories: [category], colour }));

/** Which category each sub-category belongs to. */
const CATEGORY_OF = new Map(SUBS.map(([name, category]) => [name, category]));

/** A product line: name, unit, price (Rs.), discount %, stock, shape, colour, and optional extras. */
type Line = [string, string, number, number, number, SeedShape, string, Extra?];
interface Extra {
  details?: Record<string, string>;
  variations?: SeedVariation[];
  brand?: string;
  about?: string;
  totalStock?: number;
}

/** One sentence per shelf, so every product has a plain description written for this shop. */
const ABOUT: Record<string, string> = {
  'Leafy Greens': 'Picked in the morning and kept cool until it reaches your door. Wash well before cooking.',
  'Root Vegetables': 'Firm, clean and sorted by hand. Store in a cool, dry place away from sunlight.',
  'Fresh Vegetables': 'Bought fresh from growers in the hill country and the Dambulla market.',
  'Fresh Milk': 'Pasteurised fresh milk, kept chilled. Refrigerate and use within two days of opening.',
  'Milk Powder': 'Full cream milk powder for tea, cooking and growing families.',
  'Yoghurt & Curd': 'Set the traditional way. Keep refrigerated.',
  'Eggs & Butter': 'Farm eggs and dairy from local producers.',
  'Black Tea': 'Pure Ceylon tea, packed in Sri Lanka.',
  Coffee: 'Roasted and ground for a strong morning cup.',
  'Malt Drinks': 'A warm malted drink for breakfast or after school.',
  'Cream Crackers': 'Crisp crackers for tea time or with a curry.',
  'Sweet Biscuits': 'Sweet biscuits for the tea table and lunch boxes.',
  'Pain Relief': 'Read the label before use. Ask a pharmacist if unsure. Keep away from children.',
  'First Aid': 'For the first-aid box at home. Read the instructions before use.',
  'Balms & Oils': 'A household favourite for aches and colds. For external use only.',
  Chips: 'Crunchy and salted, sealed for freshness.',
  'Nuts & Bites': 'Roasted and seasoned, good with a cup of tea.',
  Sweets: 'Traditional sweets made in small batches.',
  'Samba Rice': 'Cleaned samba rice, the everyday choice for rice and curry.',
  'Nadu Rice': 'Parboiled nadu rice that cooks soft and fluffy.',
  'Red Rice': 'Unpolished red rice with its bran kept on.',
  'Dhal & Pulses': 'Cleaned and sorted pulses for parippu and curries.',
  Flour: 'Milled fine for roti, hoppers and baking.',
  'All Fruits': 'Ripe fruit chosen by hand each morning.',
  Chicken: 'Fresh chicken, cleaned and cut, kept chilled until delivery.',
  'Mutton & Beef': 'Fresh meat from a trusted supplier, kept chilled until delivery.',
  'Fresh Fish': 'Landed this morning, cleaned on request, kept on ice until delivery.',
  'Dried Fish': 'Sun-dried and salted. Wash and soak before cooking.',
  'Curry Powders': 'Roasted and ground in small batches for full flavour.',
  'Whole Spices': 'Whole spices from Sri Lankan gardens.',
  Cleaning: 'Keeps the kitchen and floors clean. Keep out of reach of children.',
  Laundry: 'For hand wash and machine wash.',
  Soap: 'Gentle on skin, made for the tropical climate.',
  'Oral Care': 'For healthy teeth and gums, for the whole family.',
  Bread: 'Baked this morning. Best eaten within two days.',
  Buns: 'Soft buns baked fresh every morning.',
  Deal: 'A bundle price for one order only: limited to one per order.',
};

const LINES: Record<string, Line[]> = {
  'Leafy Greens': [
    ['Gotukola', '1 bunch', 80, 0, 40, 'bunch', '#2f855a', { details: { Origin: 'Kandy', 'Shelf life': '2 days' } }],
    ['Mukunuwenna', '1 bunch', 70, 0, 35, 'bunch', '#38a169'],
    ['Kankun', '1 bunch', 90, 5, 25, 'bunch', '#276749'],
    ['Spinach', '250g', 180, 0, 20, 'bunch', '#22543d'],
    ['Leeks', '500g', 260, 0, 30, 'bunch', '#68d391', { details: { Origin: 'Nuwara Eliya' } }],
    ['Curry Leaves', '1 bunch', 40, 0, 60, 'bunch', '#2f855a'],
  ],
  'Root Vegetables': [
    ['Carrot', '500g', 240, 0, 45, 'bunch', '#dd6b20', { details: { Origin: 'Nuwara Eliya', 'Shelf life': '7 days' } }],
    ['Beetroot', '500g', 210, 0, 30, 'round', '#97266d'],
    ['Potatoes', '1kg', 390, 4, 80, 'bag', '#b7791f', { variations: [{ name: 'Potatoes 2kg', unit: '2kg', price: 760, discount: 5, stock: 30 }] }],
    ['Red Onions', '500g', 290, 0, 60, 'bag', '#9b2c2c'],
    ['Big Onions', '1kg', 360, 0, 70, 'bag', '#c05621'],
    ['Garlic', '250g', 220, 0, 40, 'round', '#e2e8f0'],
    ['Ginger', '250g', 260, 0, 25, 'round', '#d69e2e'],
    ['Manioc', '1kg', 180, 0, 0, 'bunch', '#975a16'],
  ],
  'Fresh Vegetables': [
    ['Tomatoes', '500g', 280, 0, 50, 'round', '#e53e3e', { details: { Origin: 'Dambulla' } }],
    ['Green Beans', '500g', 320, 0, 35, 'bunch', '#38a169'],
    ['Brinjal', '500g', 200, 0, 30, 'round', '#553c9a'],
    ['Pumpkin', '1kg', 180, 0, 20, 'round', '#dd6b20'],
    ['Green Chillies', '100g', 90, 0, 45, 'bunch', '#2f855a'],
    ['Cabbage', '1 head', 250, 0, 25, 'round', '#9ae6b4'],
    ['Lime', '250g', 160, 0, 50, 'round', '#68d391'],
    ['Okra', '500g', 240, 10, 6, 'bunch', '#48bb78'],
  ],
  'Fresh Milk': [
    ['Hill Valley Fresh Milk', '1L', 480, 0, 40, 'bottle', '#3182ce', { brand: 'Hill Valley', details: { 'Keep at': '4 °C' }, variations: [{ name: 'Hill Valley Fresh Milk 500ml', unit: '500ml', price: 250, discount: 0, stock: 50 }] }],
    ['Lanka Fresh Full Cream Milk', '1L', 495, 3, 25, 'bottle', '#2b6cb0', { brand: 'Lanka Fresh' }],
    ['Chocolate Milk Drink', '180ml', 150, 0, 60, 'bottle', '#7b341e'],
    ['Vanilla Milk Drink', '180ml', 150, 0, 3, 'bottle', '#f6e05e'],
  ],
  'Milk Powder': [
    ['Ceylon Gold Full Cream Milk Powder', '400g', 1080, 5, 45, 'pack', '#2c5282', { brand: 'Ceylon Gold', variations: [{ name: 'Ceylon Gold Milk Powder 1kg', unit: '1kg', price: 2650, discount: 6, stock: 20 }, { name: 'Ceylon Gold Milk Powder 200g', unit: '200g', price: 560, discount: 0, stock: 30 }] }],
    ['Hill Valley Milk Powder', '400g', 1040, 0, 30, 'pack', '#3182ce', { brand: 'Hill Valley' }],
    ['Growing-up Milk Powder', '350g', 1350, 0, 12, 'can', '#63b3ed'],
    ['Non-fat Milk Powder', '400g', 1120, 0, 8, 'pack', '#bee3f8'],
  ],
  'Yoghurt & Curd': [
    ['Set Yoghurt', '80g', 70, 0, 90, 'jar', '#e2e8f0'],
    ['Buffalo Curd Pot', '1L', 650, 0, 20, 'jar', '#c05621', { details: { Origin: 'Hambantota' }, variations: [{ name: 'Buffalo Curd Pot 500ml', unit: '500ml', price: 360, discount: 0, stock: 15 }] }],
    ['Drinking Yoghurt Mango', '180ml', 140, 0, 40, 'bottle', '#ecc94b'],
    ['Kithul Treacle', '350ml', 690, 0, 18, 'bottle', '#5f370e'],
  ],
  'Eggs & Butter': [
    ['Farm Eggs', '10 pcs', 450, 0, 60, 'tray', '#f6e05e', { variations: [{ name: 'Farm Eggs 6 pcs', unit: '6 pcs', price: 280, discount: 0, stock: 40 }, { name: 'Farm Eggs 30 pcs', unit: '30 pcs', price: 1320, discount: 3, stock: 10 }] }],
    ['Salted Butter', '200g', 780, 0, 20, 'box', '#ecc94b'],
    ['Margarine', '250g', 420, 5, 30, 'jar', '#f6e05e'],
    ['Processed Cheese Slices', '10 slices', 890, 0, 0, 'pack', '#f6ad55'],
  ],
  'Black Tea': [
    ['Ceylon Gold BOPF Tea', '400g', 990, 5, 35, 'pack', '#7b341e', { brand: 'Ceylon Gold', details: { Grade: 'BOPF', Region: 'Uva' }, variations: [{ name: 'Ceylon Gold BOPF Tea 200g', unit: '200g', price: 520, discount: 0, stock: 40 }] }],
    ['Highland Tea Bags', '100 bags', 820, 0, 28, 'box', '#9c4221', { details: { Region: 'Nuwara Eliya' } }],
    ['Dust Tea', '200g', 380, 0, 50, 'pack', '#5f370e'],
    ['Green Tea Bags', '25 bags', 560, 0, 15, 'box', '#38a169'],
    ['Ginger Tea Bags', '20 bags', 480, 0, 10, 'box', '#d69e2e'],
  ],
  Coffee: [
    ['Kandy Hills Ground Coffee', '200g', 950, 0, 15, 'pack', '#5f370e'],
    ['Instant Coffee Jar', '100g', 1450, 8, 12, 'jar', '#7b341e'],
    ['3-in-1 Coffee Mix', '10 sachets', 620, 0, 30, 'pack', '#975a16'],
  ],
  'Malt Drinks': [
    ['Malted Chocolate Drink', '400g', 1190, 5, 25, 'pack', '#744210', { variations: [{ name: 'Malted Chocolate Drink 1kg', unit: '1kg', price: 2790, discount: 5, stock: 8 }] }],
    ['Kola Kanda Mix', '10 sachets', 450, 0, 20, 'pack', '#2f855a'],
    ['Samaposha Cereal', '200g', 260, 0, 40, 'pack', '#d69e2e'],
  ],
  'Cream Crackers': [
    ['Lanka Fresh Cream Crackers', '490g', 620, 0, 45, 'pack', '#d69e2e', { brand: 'Lanka Fresh', variations: [{ name: 'Lanka Fresh Cream Crackers 190g', unit: '190g', price: 260, discount: 0, stock: 50 }] }],
    ['Wheat Crackers', '300g', 430, 0, 20, 'pack', '#b7791f'],
    ['Cheese Crackers', '100g', 240, 0, 25, 'pack', '#ecc94b'],
  ],
  'Sweet Biscuits': [
    ['Marie Biscuits', '300g', 380, 0, 40, 'pack', '#c05621'],
    ['Chocolate Cream Biscuits', '200g', 320, 5, 35, 'pack', '#5f370e'],
    ['Ginger Nuts', '200g', 300, 0, 18, 'pack', '#975a16'],
    ['Lemon Puff Biscuits', '200g', 310, 0, 22, 'pack', '#f6e05e'],
    ['Coconut Biscuits', '300g', 360, 0, 2, 'pack', '#e2e8f0'],
    ['Wafers Vanilla', '100g', 220, 0, 30, 'pack', '#fbd38d'],
  ],
  'Pain Relief': [
    ['Paracetamol 500mg', '10 tablets', 60, 0, 100, 'box', '#e53e3e', { details: { 'Pack of': '10 tablets', Note: 'Do not exceed the stated dose' } }],
    ['Herbal Cough Syrup', '100ml', 540, 0, 14, 'bottle', '#9b2c2c'],
    ['Oral Rehydration Salts', '5 sachets', 200, 0, 30, 'pack', '#3182ce'],
    ['Antacid Tablets', '12 tablets', 240, 0, 20, 'box', '#38b2ac'],
  ],
  'First Aid': [
    ['Adhesive Bandages', '20 pcs', 260, 0, 25, 'box', '#ed8936'],
    ['Antiseptic Liquid', '100ml', 480, 0, 18, 'bottle', '#c05621'],
    ['Cotton Wool', '100g', 190, 0, 22, 'pack', '#e2e8f0'],
    ['Crepe Bandage', '1 roll', 320, 0, 9, 'round', '#f6e05e'],
  ],
  'Balms & Oils': [
    ['Herbal Balm', '10g', 180, 0, 40, 'jar', '#c05621'],
    ['Pinda Oil', '60ml', 390, 0, 12, 'bottle', '#975a16'],
    ['Eucalyptus Oil', '30ml', 350, 0, 15, 'bottle', '#38a169'],
  ],
  Chips: [
    ['Manioc Chips Chilli', '100g', 180, 0, 50, 'pack', '#e53e3e'],
    ['Potato Chips Salted', '65g', 260, 0, 40, 'pack', '#ecc94b'],
    ['Banana Chips', '100g', 200, 0, 30, 'pack', '#f6e05e'],
    ['Murukku', '200g', 240, 0, 25, 'pack', '#c05621'],
    ['Cassava Chips Cheese', '100g', 190, 5, 0, 'pack', '#f6ad55'],
  ],
  'Nuts & Bites': [
    ['Roasted Cashews', '100g', 790, 0, 20, 'pack', '#d69e2e', { details: { Origin: 'Kurunegala' } }],
    ['Spicy Peanuts', '100g', 190, 0, 45, 'pack', '#c05621'],
    ['Gram Mix', '200g', 260, 0, 30, 'pack', '#dd6b20'],
    ['Fried Green Peas', '100g', 170, 0, 20, 'pack', '#38a169'],
  ],
  Sweets: [
    ['Kalu Dodol', '250g', 520, 0, 12, 'box', '#2d3748', { details: { Made: 'Kalutara' } }],
    ['Coconut Toffee', '200g', 350, 0, 18, 'box', '#fbd38d'],
    ['Aluwa', '10 pcs', 300, 0, 10, 'box', '#f6e05e'],
    ['Milk Toffee', '200g', 380, 0, 16, 'box', '#faf089'],
  ],
  'Samba Rice': [
    ['Ceylon Gold Samba Rice', '1kg', 290, 0, 80, 'bag', '#b7791f', { brand: 'Ceylon Gold', variations: [{ name: 'Ceylon Gold Samba Rice 5kg', unit: '5kg', price: 1420, discount: 4, stock: 25 }, { name: 'Ceylon Gold Samba Rice 10kg', unit: '10kg', price: 2800, discount: 5, stock: 10 }] }],
    ['Keeri Samba Rice', '1kg', 330, 0, 60, 'bag', '#d69e2e', { variations: [{ name: 'Keeri Samba Rice 5kg', unit: '5kg', price: 1620, discount: 3, stock: 15 }] }],
    ['White Samba Rice', '1kg', 265, 0, 50, 'bag', '#ecc94b'],
  ],
  'Nadu Rice': [
    ['White Nadu Rice', '1kg', 240, 0, 90, 'bag', '#e2e8f0', { variations: [{ name: 'White Nadu Rice 5kg', unit: '5kg', price: 1180, discount: 3, stock: 20 }] }],
    ['Raw Rice', '1kg', 235, 0, 40, 'bag', '#edf2f7'],
    ['Basmati Rice', '1kg', 780, 5, 20, 'bag', '#faf089'],
  ],
  'Red Rice': [
    ['Red Kekulu Rice', '1kg', 250, 0, 45, 'bag', '#9b2c2c'],
    ['Suwandel Rice', '1kg', 420, 0, 15, 'bag', '#f7fafc', { details: { Note: 'Heritage rice variety' } }],
    ['Pachchaperumal Rice', '1kg', 450, 0, 10, 'bag', '#742a2a'],
  ],
  'Dhal & Pulses': [
    ['Mysore Dhal', '500g', 210, 0, 70, 'bag', '#dd6b20', { variations: [{ name: 'Mysore Dhal 1kg', unit: '1kg', price: 410, discount: 2, stock: 40 }] }],
    ['Green Gram', '500g', 480, 0, 25, 'bag', '#38a169'],
    ['Chickpeas', '500g', 390, 0, 25, 'bag', '#d69e2e'],
    ['Cowpea', '500g', 360, 0, 18, 'bag', '#9c4221'],
    ['Soya Meat', '90g', 140, 0, 45, 'pack', '#b7791f'],
  ],
  Flour: [
    ['Wheat Flour', '1kg', 240, 0, 60, 'bag', '#f7fafc', { variations: [{ name: 'Wheat Flour 2kg', unit: '2kg', price: 470, discount: 0, stock: 30 }] }],
    ['Red Rice Flour', '1kg', 330, 0, 20, 'bag', '#c53030'],
    ['String Hopper Flour', '1kg', 360, 0, 18, 'bag', '#edf2f7'],
    ['Kurakkan Flour', '500g', 290, 0, 12, 'bag', '#744210'],
  ],
  'All Fruits': [
    ['Ambul Banana', '1kg', 280, 0, 40, 'bunch', '#ecc94b', { details: { Origin: 'Embilipitiya' } }],
    ['Papaya', '1kg', 260, 0, 25, 'round', '#dd6b20'],
    ['Pineapple', '1 pc', 350, 0, 20, 'round', '#d69e2e'],
    ['Mango Karthacolomban', '1kg', 690, 0, 15, 'round', '#f6ad55', { details: { Season: 'May to July' } }],
    ['King Coconut', '1 pc', 150, 0, 50, 'round', '#ed8936'],
    ['Avocado', '500g', 340, 0, 0, 'round', '#276749'],
    ['Wood Apple', '1 pc', 120, 0, 22, 'round', '#744210'],
    ['Rambutan', '500g', 300, 10, 18, 'round', '#c53030'],
    ['Apples Imported', '4 pcs', 620, 0, 16, 'round', '#e53e3e'],
    ['Oranges Imported', '4 pcs', 560, 0, 14, 'round', '#ed8936'],
  ],
  Chicken: [
    ['Whole Chicken', '1kg', 1390, 0, 15, 'tray', '#fbd38d', { details: { Storage: 'Keep chilled' } }],
    ['Chicken Curry Cut', '1kg', 1450, 3, 20, 'tray', '#f6ad55', { variations: [{ name: 'Chicken Curry Cut 500g', unit: '500g', price: 740, discount: 0, stock: 25 }] }],
    ['Chicken Breast', '500g', 980, 0, 12, 'tray', '#feebc8'],
    ['Chicken Sausages', '500g', 860, 5, 18, 'pack', '#c05621'],
  ],
  'Mutton & Beef': [
    ['Mutton Curry Cut', '500g', 2150, 0, 6, 'tray', '#9b2c2c'],
    ['Beef Curry Cut', '500g', 1250, 0, 8, 'tray', '#742a2a'],
  ],
  'Fresh Fish': [
    ['Thalapath Steaks', '500g', 1450, 0, 10, 'tray', '#4a5568', { details: { Landed: 'Negombo' } }],
    ['Kelawalla Steaks', '500g', 1290, 0, 12, 'tray', '#2b6cb0'],
    ['Salaya Sprats Fresh', '500g', 390, 0, 20, 'tray', '#63b3ed'],
    ['Prawns Medium', '500g', 1650, 0, 5, 'tray', '#f56565'],
    ['Cuttlefish', '500g', 1390, 0, 0, 'tray', '#e2e8f0'],
  ],
  'Dried Fish': [
    ['Dried Sprats', '250g', 420, 0, 30, 'pack', '#975a16'],
    ['Katta Dried Fish', '250g', 780, 0, 15, 'pack', '#744210'],
    ['Maldive Fish Chips', '100g', 560, 0, 22, 'pack', '#5f370e'],
  ],
  'Curry Powders': [
    ['Roasted Curry Powder', '100g', 260, 0, 40, 'pack', '#7b341e'],
    ['Chilli Powder', '100g', 240, 0, 45, 'pack', '#c53030'],
    ['Turmeric Powder', '50g', 160, 0, 50, 'pack', '#d69e2e'],
    ['Chilli Pieces', '100g', 230, 0, 30, 'pack', '#e53e3e'],
    ['Meat Curry Powder', '100g', 280, 5, 20, 'pack', '#9c4221'],
  ],
  'Whole Spices': [
    ['Ceylon Cinnamon Sticks', '50g', 390, 0, 25, 'pack', '#9c4221', { details: { Grade: 'Alba', Origin: 'Galle' } }],
    ['Black Pepper', '100g', 420, 0, 25, 'jar', '#1a202c'],
    ['Cardamom', '25g', 590, 0, 15, 'jar', '#68d391'],
    ['Cloves', '25g', 330, 0, 18, 'jar', '#5f370e'],
    ['Goraka', '100g', 220, 0, 20, 'pack', '#742a2a'],
    ['Mustard Seeds', '100g', 150, 0, 30, 'jar', '#b7791f'],
  ],
  Cleaning: [
    ['Dishwash Liquid Lime', '500ml', 390, 5, 35, 'bottle', '#68d391'],
    ['Floor Cleaner Jasmine', '1L', 680, 0, 20, 'bottle', '#b794f4'],
    ['Toilet Cleaner', '500ml', 520, 0, 20, 'bottle', '#3182ce'],
    ['Coconut Husk Scrubber', '2 pcs', 120, 0, 40, 'pack', '#975a16'],
    ['Garbage Bags Large', '10 pcs', 320, 0, 25, 'pack', '#1a202c'],
    ['Mosquito Coils', '10 coils', 240, 0, 30, 'box', '#2f855a'],
  ],
  Laundry: [
    ['Washing Powder', '1kg', 690, 5, 30, 'pack', '#3182ce', { variations: [{ name: 'Washing Powder 500g', unit: '500g', price: 360, discount: 0, stock: 25 }] }],
    ['Bar Soap for Clothes', '2 bars', 260, 0, 40, 'box', '#63b3ed'],
    ['Fabric Softener', '800ml', 780, 0, 12, 'bottle', '#f687b3'],
  ],
  Soap: [
    ['Sandalwood Soap', '100g', 190, 0, 50, 'box', '#d69e2e'],
    ['Herbal Neem Soap', '100g', 180, 0, 40, 'box', '#38a169'],
    ['Baby Soap', '75g', 210, 0, 20, 'box', '#fbb6ce'],
    ['Hand Wash Refill', '400ml', 420, 0, 15, 'bottle', '#81e6d9'],
  ],
  'Oral Care': [
    ['Herbal Toothpaste', '120g', 320, 0, 35, 'box', '#38b2ac'],
    ['Toothbrush Medium', '2 pcs', 290, 0, 25, 'pack', '#3182ce'],
    ['Kids Toothpaste', '60g', 250, 0, 12, 'box', '#f687b3'],
  ],
  Bread: [
    ['Sandwich Bread', '450g', 170, 0, 30, 'bag', '#d69e2e', { details: { Baked: 'Every morning' } }],
    ['Roast Paan', '1 pc', 140, 0, 25, 'bag', '#c05621'],
    ['Wholemeal Bread', '450g', 220, 0, 15, 'bag', '#975a16'],
  ],
  Buns: [
    ['Fish Buns', '2 pcs', 200, 0, 20, 'bag', '#dd6b20'],
    ['Seeni Sambol Buns', '2 pcs', 180, 0, 20, 'bag', '#9c4221'],
    ['Tea Buns', '4 pcs', 220, 0, 18, 'bag', '#f6ad55'],
    ['Kimbula Banis', '4 pcs', 200, 0, 1, 'bag', '#c05621'],
  ],
  Deal: [
    ['Deal: Rice & Dhal Combo', '1 combo', 980, 12, 20, 'box', '#e53e3e', { about: 'Ceylon Gold Samba Rice 2kg with Mysore Dhal 1kg, at a bundle price. One per order.' }],
    ['Deal: Tea Time Pack', '1 combo', 1290, 15, 15, 'box', '#9c4221', { about: 'Highland Tea Bags, Marie Biscuits and Coconut Toffee together. One per order.' }],
    ['Deal: Breakfast Box', '1 combo', 1490, 10, 12, 'box', '#d69e2e', { about: 'Sandwich Bread, Farm Eggs 10 pcs and Salted Butter. One per order.' }],
    ['Deal: Curry Starter Kit', '1 combo', 890, 12, 18, 'box', '#c05621', { about: 'Roasted Curry Powder, Chilli Powder, Turmeric and Goraka. One per order.' }],
    ['Deal: Cleaning Trio', '1 combo', 1390, 14, 10, 'box', '#3182ce', { about: 'Dishwash Liquid, Floor Cleaner and Toilet Cleaner. One per order.' }],
    ['Deal: Fresh Veg Basket', '1 combo', 990, 10, 0, 'box', '#38a169', { about: 'Carrot, Leeks, Beans and Tomatoes, 500g each. One per order.' }],
    ['Deal: Fruit Box', '1 combo', 1190, 8, 8, 'box', '#d53f8c', { about: 'Ambul Banana, Papaya and Pineapple. One per order.' }],
  ],
  'Lanka Fresh': [
    ['Lanka Fresh Coconut Milk Powder', '300g', 590, 0, 25, 'pack', '#e2e8f0', { brand: 'Lanka Fresh' }],
    ['Lanka Fresh Coconut Oil', '1L', 980, 4, 30, 'bottle', '#faf089', { brand: 'Lanka Fresh', variations: [{ name: 'Lanka Fresh Coconut Oil 500ml', unit: '500ml', price: 510, discount: 0, stock: 25 }, { name: 'Lanka Fresh Coconut Oil 2L (old pack)', unit: '2L', price: 1900, discount: 0, stock: 5, publish: false }] }],
    ['Lanka Fresh Tomato Sauce', '400g', 420, 0, 20, 'bottle', '#e53e3e', { brand: 'Lanka Fresh' }],
  ],
  'Ceylon Gold': [
    ['Ceylon Gold Sugar', '1kg', 280, 0, 90, 'bag', '#f7fafc', { brand: 'Ceylon Gold' }],
    ['Ceylon Gold Brown Sugar', '1kg', 340, 0, 30, 'bag', '#975a16', { brand: 'Ceylon Gold' }],
    ['Ceylon Gold Salt', '400g', 90, 0, 80, 'pack', '#e2e8f0', { brand: 'Ceylon Gold' }],
  ],
  'Hill Valley': [
    ['Hill Valley Ice Cream Vanilla', '1L', 890, 5, 12, 'box', '#fefcbf', { brand: 'Hill Valley' }],
    ['Hill Valley Cheddar Cheese', '200g', 1150, 0, 8, 'box', '#f6e05e', { brand: 'Hill Valley' }],
    ['Hill Valley Strawberry Yoghurt', '80g', 80, 0, 40, 'jar', '#fbb6ce', { brand: 'Hill Valley' }],
  ],
};

function buildProducts(): SeedProduct[] {
  const products: SeedProduct[] = [];
  for (const [sub, lines] of Object.entries(LINES)) {
    const category = CATEGORY_OF.get(sub);
    if (!category) throw new Error(`Seed data: no category for sub-category ${sub}`);
    const isBrand = category === 'Buy Brand';
    for (const [name, unit, price, discount, stock, shape, colour, extra] of lines) {
      const categories = ['All Product', category];
      const subCategories = ['All Products', sub];
      if (extra?.brand && !isBrand) {
        categories.push('Buy Brand');
        subCategories.push(extra.brand);
      }
      products.push({
        name,
        unit,
        price,
        discount,
        stock,
        totalStock: extra?.totalStock ?? Math.max(100, stock),
        description: extra?.about ?? ABOUT[sub] ?? 'From the shelves of your neighbourhood shop.',
        ...(extra?.details ? { more_details: extra.details } : {}),
        categories,
        subCategories,
        single_quantity: sub === 'Deal',
        ...(extra?.variations ? { variations: extra.variations } : {}),
        visual: { shape, colour },
      });
    }
  }
  return products;
}

export const SEED_PRODUCTS: SeedProduct[] = buildProducts();
