// The bench's search texts (bench-catalogue.ts, search-micro.ts; server/test/search-index.test.ts holds the same 28).
/** Search texts as shoppers type them: words, prefixes, two words, typos; in Sinhala and Tamil too (issue 21). */
export const SEARCH_TERMS = [
  'chicken', 'chiken', 'bisc', 'milk', 'rice', 'basmati rice', 'tea', 'coca', 'sugar', 'suger',
  'tomato', 'choc', 'biscuits', 'noodles', 'soap', 'shampoo', 'munchee', 'anchor milk', 'curry powder', 'eggs',
  'සහල්', 'කිරි', 'තක්කලි', 'පොල් තෙල්', 'அரிசி', 'பால்', 'தக்காலி', 'தேங்காய் எண்ணெய்',
];

