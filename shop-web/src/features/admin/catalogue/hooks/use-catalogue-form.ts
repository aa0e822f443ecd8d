// What every catalogue form keeps and does the same way (the product, variation, category and sub-category
// forms): its fields, whether an image is uploading or the form is saving, the problem shown above Submit, and
// the one way it is sent.
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useBusyAction } from '../../../../lib/use-busy-action';

export function useCatalogueForm<S extends object>(initial: S) {
  const [form, setForm] = useState(initial);
  const [uploading, setUploading] = useState(false);
  // saving: one send at a time, a refusal shown as every failure is (useBusyAction)
  const { busy: saving, run } = useBusyAction();
  const [problem, setProblem] = useState('');

  /** Changes some fields; an old complaint goes once the admin changes something. */
  const update = (change: Partial<S>) => {
    setForm((f) => ({ ...f, ...change }));
    setProblem('');
  };
  /** The change handler of one field. */
  const set =
    <K extends keyof S>(key: K) =>
    (value: S[K]) =>
      update({ [key]: value } as unknown as Partial<S>);

  /**
   * Submits once (never while an image uploads or the form saves): `check` names what is wrong ('' when
   * nothing is), shown above Submit and nothing sent; else `send` runs, its answer's message shows as a success
   * toast and `saved` gets the answer. A refusal shows as every failure does and the form stays as it is.
   */
  async function submit<A extends { message: string }>(event: FormEvent, check: () => string, send: () => Promise<A>, saved: (answer: A) => void) {
    event.preventDefault();
    if (uploading || saving) return;
    const message = check();
    setProblem(message);
    if (message) return;
    await run(async () => {
      const answer = await send();
      toast.success(answer.message);
      saved(answer);
    });
  }

  return { form, setForm, update, set, uploading, setUploading, saving, problem, submit };
}
