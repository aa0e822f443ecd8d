// The dashboard stays English but shows a name's Sinhala and Tamil forms beside it (issue 21), each marked with
// its language so a screen reader speaks it in that language. Nothing when neither is set.
import type { MultiNamed } from '@kade/shared';
import './other-names.css';

export function OtherNames({ item }: { item: MultiNamed }) {
  const names = [
    { lang: 'si', label: 'Sinhala', text: item.nameSi?.trim() },
    { lang: 'ta', label: 'Tamil', text: item.nameTa?.trim() },
  ].filter((name): name is { lang: string; label: string; text: string } => Boolean(name.text));
  if (names.length === 0) return null;
  return (
    <span className="other-names">
      {names.map((name) => (
        <span key={name.lang} className="other-names__name">
          <span className="visually-hidden">{name.label}: </span>
          <span lang={name.lang}>{name.text}</span>
        </span>
      ))}
    </span>
  );
}
