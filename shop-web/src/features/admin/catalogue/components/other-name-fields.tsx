// The Sinhala and Tamil names of a category, sub-category, product or variation (issue 21): optional, held to
// the English name's rules by the shared schemas; a box left empty means the shop shows the English name.
import { TextField } from './text-field';

export interface OtherNameDraft {
  nameSi: string;
  nameTa: string;
}

/** The draft's names from a row ('' where it has none). */
export const otherNameDraft = (row?: { nameSi?: string | null; nameTa?: string | null }): OtherNameDraft => ({
  nameSi: row?.nameSi ?? '',
  nameTa: row?.nameTa ?? '',
});

export function OtherNameFields({ value, onChange, what = 'name' }: { value: OtherNameDraft; onChange: (change: Partial<OtherNameDraft>) => void; what?: string }) {
  return (
    <div className="cat-row">
      <TextField label={`Sinhala ${what} (optional)`} lang="si" value={value.nameSi} onChange={(nameSi) => onChange({ nameSi })} />
      <TextField label={`Tamil ${what} (optional)`} lang="ta" value={value.nameTa} onChange={(nameTa) => onChange({ nameTa })} />
    </div>
  );
}
