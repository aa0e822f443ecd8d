// The bulk uploads' picker ('Upload PNG Images', PNG only, several files) and their upload loop: one file at
// a time, each failure announced with its file name while the others go on.
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { uploadImage } from '../api/catalogue-admin-api';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when the file's first bytes are PNG's signature (the server checks the bytes again). */
async function isPng(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  return PNG_SIGNATURE.every((byte, i) => head[i] === byte);
}

/**
 * Uploads the files one at a time; `onUploaded` gets each stored image as soon as it is stored, and a file
 * that is not a PNG or that the server refuses gets `failedText(file name)` as an error toast.
 */
export async function uploadPngs(
  files: File[],
  onUploaded: (file: File, url: string) => void,
  failedText: (fileName: string) => string,
): Promise<void> {
  for (const file of files) {
    try {
      if (!(await isPng(file))) throw new Error('not a PNG');
      onUploaded(file, await uploadImage(file));
    } catch {
      toast.error(failedText(file.name));
    }
  }
}

/** 'Upload PNG Images': a PNG-only, several-file picker; busy while its files upload. */
export function PngPicker({ onFiles }: { onFiles: (files: File[]) => Promise<void> }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <div className="cat-field">
      <label htmlFor={id} className={`button button--primary cat-file${busy ? ' cat-file--busy' : ''}`}>
        {busy ? 'Uploading…' : 'Upload PNG Images'}
      </label>
      <input
        id={id}
        className="cat-file__input"
        type="file"
        accept="image/png"
        multiple
        disabled={busy}
        onChange={async (event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length === 0) return;
          setBusy(true);
          try {
            await onFiles(files);
          } finally {
            setBusy(false);
          }
        }}
      />
      {busy ? (
        <p className="visually-hidden" role="status">
          Uploading images
        </p>
      ) : null}
    </div>
  );
}
