// The rows under a product's description in the shopper's language (issue 36): 'Origin: Kandy', 'Shelf life:
// 2 days'. Their vocabulary is a module of its own, apart from product-words.ts's units and badges: only the product
// sheet shows these rows, so the shop's first script (which draws units on every card) does not carry it.
import { DEFAULT_LANGUAGE, type Language } from './language';
import { amountIn, NUMBER, otherIndex, type OtherWords } from './other-words';
import { localUnit } from './product-words';

/** The rows a product sheet shows under the description, by their English labels (lower case). */
const DETAIL_LABELS: Readonly<Record<string, OtherWords>> = {
  'origin': ['නිෂ්පාදන ප්\u200Dරදේශය', 'உற்பத்தி இடம்'],
  'shelf life': ['කල් තබාගත හැකි කාලය', 'கெடாமல் இருக்கும் காலம்'],
  'storage': ['ගබඩා කිරීම', 'சேமிப்பு'],
  'tip': ['උපදෙස', 'குறிப்பு'],
  'keep at': ['තබා ගත යුතු උෂ්ණත්වය', 'வைக்க வேண்டிய வெப்பநிலை'],
  'made in': ['නිෂ්පාදිත රට', 'தயாரிக்கப்பட்ட நாடு'],
  'grade': ['ශ්\u200Dරේණිය', 'தரம்'],
  'region': ['කලාපය', 'பிரதேசம்'],
  'good for': ['වඩාත් සුදුසු', 'ஏற்றது'],
  'strength': ['ප්\u200Dරබලතාව', 'வலு'],
  'note': ['සටහන', 'கவனிக்க'],
  'season': ['වාරය', 'பருவம்'],
  'made': ['සෑදූ ස්ථානය', 'தயாரித்த இடம்'],
  'type': ['වර්ගය', 'வகை'],
  'use within': ['භාවිතා කළ යුතු කාලය', 'பயன்படுத்த வேண்டிய காலம்'],
  'landed': ['ගොඩබෑ ස්ථානය', 'இறக்கிய துறை'],
  'baked': ['පුළුස්සන්නේ', 'சுடப்படுவது'],
  'best within': ['වඩාත් හොඳ කාලය', 'சிறந்த பயன்பாட்டுக் காலம்'],
  'size': ['ප්\u200Dරමාණය', 'அளவு'],
  'weight': ['බර', 'நிறை'],
  'ingredients': ['අමුද්\u200Dරව්\u200Dය', 'உட்பொருட்கள்'],
  'brand': ['වෙළඳ නාමය', 'வர்த்தக நாமம்'],
};

/** Places goods come from, and the other values rows hold, by their English spelling (lower case). */
const DETAIL_VALUES: Readonly<Record<string, OtherWords>> = {
  'sri lanka': ['ශ්\u200Dරී ලංකාව', 'இலங்கை'],
  'imported': ['ආනයනික', 'இறக்குமதி'],
  'kandy': ['මහනුවර', 'கண்டி'],
  'kandy district': ['මහනුවර දිස්ත්\u200Dරික්කය', 'கண்டி மாவட்டம்'],
  'nuwara eliya': ['නුවරඑළිය', 'நுவரெலியா'],
  'welimada': ['වැලිමඩ', 'வெலிமடை'],
  'dambulla': ['දඹුල්ල', 'தம்புள்ளை'],
  'jaffna': ['යාපනය', 'யாழ்ப்பாணம்'],
  'hambantota': ['හම්බන්තොට', 'அம்பாந்தோட்டை'],
  'kurunegala': ['කුරුණෑගල', 'குருநாகல்'],
  'embilipitiya': ['ඇඹිලිපිටිය', 'எம்பிலிப்பிட்டிய'],
  'malwana': ['මල්වාන', 'மல்வானை'],
  'matara': ['මාතර', 'மாத்தறை'],
  'galle': ['ගාල්ල', 'காலி'],
  'matale': ['මාතලේ', 'மாத்தளை'],
  'ratnapura': ['රත්නපුර', 'இரத்தினபுரி'],
  'uva': ['ඌව', 'ஊவா'],
  'kalutara': ['කළුතර', 'களுத்துறை'],
  'negombo': ['මීගමුව', 'நீர்கொழும்பு'],
  'beruwala': ['බේරුවල', 'பேருவளை'],
  'colombo': ['කොළඹ', 'கொழும்பு'],
  'cool, dark place': ['සිසිල්, අඳුරු තැනක', 'குளிர்ந்த, இருண்ட இடத்தில்'],
  'close tightly after use': ['භාවිතයෙන් පසු තදින් වසන්න', 'பாவித்த பின் இறுக்கமாக மூடவும்'],
  'keep chilled at 0-4 °c': ['0-4 °C අතර ශීතකරණයේ තබන්න', '0-4 °C இல் குளிரூட்டியில் வைக்கவும்'],
  'roll on the table before squeezing': ['මිරිකීමට පෙර මේසය මත පෙරළන්න', 'பிழிவதற்கு முன் மேசையில் உருட்டவும்'],
  'gifts and visits': ['තෑගි දීමට සහ නෑදෑ ගෙවල් යාමට', 'அன்பளிப்புகளுக்கும் விருந்துகளுக்கும்'],
  'keep away from children': ['ළමුන්ට ළඟා විය නොහැකි තැනක තබන්න', 'சிறுவர்களுக்கு எட்டாத இடத்தில் வைக்கவும்'],
  'made fresh for avurudu, sold all year': ['අවුරුද්දට අලුතින් හදනවා, අවුරුද්ද පුරාම ලැබේ', 'புத்தாண்டுக்குப் புதிதாகச் செய்வது, ஆண்டு முழுவதும் கிடைக்கும்'],
  'may to july': ['මැයි සිට ජූලි දක්වා', 'மே முதல் ஜூலை வரை'],
  'june to august': ['ජූනි සිට අගෝස්තු දක්වා', 'ஜூன் முதல் ஓகஸ்ட் வரை'],
  'heritage variety': ['පාරම්පරික ප්\u200Dරභේදය', 'பாரம்பரிய வகை'],
  'every morning': ['සෑම උදෑසනකම', 'ஒவ்வொரு காலையும்'],
  'medium, about 13 inches around': ['මධ්\u200Dයම ප්\u200Dරමාණය, වට අඟල් 13 පමණ', 'நடுத்தர அளவு, சுற்றளவு சுமார் 13 அங்குலம்'],
};

/** Spans of time: '2 days' -> 'දින 2' / '2 நாட்கள்'. */
const SPANS: Readonly<Record<string, OtherWords>> = {
  day: ['දින', 'நாட்கள்'],
  week: ['සති', 'வாரங்கள்'],
  month: ['මාස', 'மாதங்கள்'],
  year: ['අවුරුදු', 'ஆண்டுகள்'],
};
const SPAN = new RegExp(String.raw`^${NUMBER}\s*(day|week|month|year)s?$`, 'i');

function detailValue(value: string, language: Language): string {
  const key = value.trim().toLowerCase();
  const known = DETAIL_VALUES[key];
  if (known) return known[otherIndex(language)];
  const span = SPAN.exec(value.trim());
  if (span) return amountIn(span[1] ?? '', SPANS[(span[2] ?? '').toLowerCase()] as OtherWords, language);
  return localUnit(value, language);
}

/**
 * A row under a product's description in the shopper's language: 'Origin' 'Kandy' -> 'නිෂ්පාදන ප්‍රදේශය' 'මහනුවර';
 * 'Shelf life' '2 days' -> 'கெடாமல் இருக்கும் காலம்' '2 நாட்கள்'. A label or value the shop's vocabulary does not
 * hold stays as typed (a code such as a tea's grade 'BOPF' reads the same in every language).
 */
export function localDetail(label: string, value: string, language: Language = DEFAULT_LANGUAGE): { label: string; value: string } {
  if (language === 'en') return { label, value };
  const words = DETAIL_LABELS[label.trim().toLowerCase()];
  return { label: words ? words[otherIndex(language)] : label, value: detailValue(value, language) };
}

/** True when the shop's vocabulary names this row's label in Sinhala and Tamil (the seed's rows all are). */
export function isKnownDetailLabel(label: string): boolean {
  return DETAIL_LABELS[label.trim().toLowerCase()] !== undefined;
}

