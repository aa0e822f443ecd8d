// The bulk uploads' picker ('Upload PNG Images', PNG only, several files) and their upload loop: one file at
// a time, each failure announced with its file name while the others go on.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { TEXT } from '@kade/shared';
import { FileButton } from '../../../../components/file-button';
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
  const [busy, setBusy] = useState(false);
  async function upload(files: File[]) {
    setBusy(true);
    try {
      await onFiles(files);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="cat-field">
      <FileButton label="Upload PNG Images" accept="image/png" multiple primary busy={busy} busyLabel={TEXT.uploading} className="cat-file" onFiles={(files) => void upload(files)} />
      {busy ? (
        <p className="visually-hidden" role="status">
          Uploading images
        </p>
      ) : null}
    </div>
  );
}
