import { useId } from 'react';
import './file-button.css';

/**
 * A file picker drawn as a button: a label for a hidden file input, so a tap opens the system's picker and the
 * keyboard's focus shows on the button. The chosen files go to `onFiles` and the input is emptied, so the same
 * file can be chosen again. While `busy` it reads `busyLabel` and takes no files: the caller says it in its own
 * words (the dashboard's English TEXT.uploading, a shopper's screen its catalogue's common.uploading).
 */
export function FileButton({
  label,
  onFiles,
  accept,
  multiple = false,
  busy = false,
  busyLabel,
  disabled = false,
  primary = false,
  className = '',
  describedBy,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  accept: string;
  multiple?: boolean;
  /** The page's main action (the bulk uploads' 'Upload PNG Images'), else a ghost button. */
  primary?: boolean;
  disabled?: boolean;
  className?: string;
  /** The id of a message about the choice (the avatar's 'Please choose a PNG…'). */
  describedBy?: string | undefined;
} & ({ busy?: never; busyLabel?: never } | { busy: boolean; busyLabel: string })) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={`button ${primary ? 'button--primary' : 'button--ghost'} file-button${busy ? ' file-button--busy' : ''} ${className}`.trim()}>
        {busy ? busyLabel : label}
      </label>
      <input
        id={id}
        className="file-button__input"
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={busy || disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
