// The Sinhala and Tamil names of a category, sub-category, product or variation (issue 21): optional, held to
// the English name's rules by the shared schemas; a box left empty means the shop shows the English name.
// The boxes are labelled by their language alone ('Sinhala', 'Tamil') under one legend, so 'Name' still names
// only the English box.
import { TextField } from './text-field';

export interface OtherNameDraft {
  nameSi: string;
  nameTa: string;
}

export function OtherNameFields({ value, onChange }: { value: OtherNameDraft; onChange: (change: Partial<OtherNameDraft>) => void }) {
  return (
    <fieldset className="cat-fieldset">
      <legend>Name in Sinhala and Tamil (optional)</legend>
      <div className="cat-row">
        <TextField label="Sinhala" field="nameSi" lang="si" value={value.nameSi} onChange={(nameSi) => onChange({ nameSi })} />
        <TextField label="Tamil" field="nameTa" lang="ta" value={value.nameTa} onChange={(nameTa) => onChange({ nameTa })} />
      </div>
    </fieldset>
  );
}
