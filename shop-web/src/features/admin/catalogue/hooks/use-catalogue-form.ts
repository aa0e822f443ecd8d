// What every catalogue form keeps and does the same way (the product, variation, category and sub-category
// forms): its fields, whether an image is uploading or the form is saving, the problem shown above Submit, and
// the one way it is sent.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../../lib/api-client';
import { errorText } from '../../../../lib/show-error';
import { useBusyAction } from '../../../../lib/use-busy-action';
import { controlOf, type FieldProblem } from '../components/field-problem';

export type { FieldProblem };

export function useCatalogueForm<S extends object>(initial: S) {
  const [form, setForm] = useState(initial);
  const [uploading, setUploading] = useState(false);
  // saving: one send at a time, a refusal shown as every failure is (useBusyAction)
  const { busy: saving, run } = useBusyAction();
  const [problem, setProblem] = useState('');
  // the same problem with its field, for the field to show it (a server refusal has only this)
  const [fieldProblem, setFieldProblem] = useState<FieldProblem | null>(null);
  // the form whose named field takes the focus once its problem is drawn beside it (issue 36)
  const focusIn = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const form = focusIn.current;
    focusIn.current = null;
    if (form && fieldProblem?.field) controlOf(form, fieldProblem.field)?.focus();
  }, [fieldProblem]);

  /** Changes some fields; an old complaint goes once the admin changes something. */
  const update = (change: Partial<S>) => {
    setForm((f) => ({ ...f, ...change }));
    setProblem('');
    setFieldProblem(null);
  };
  /** The change handler of one field. */
  const set =
    <K extends keyof S>(key: K) =>
    (value: S[K]) =>
      update({ [key]: value } as unknown as Partial<S>);

  /**
   * Submits once (never while an image uploads or the form saves): `check` names what is wrong ('' when
   * nothing is, or the problem with its field), shown above Submit and nothing sent; else `send` runs, its answer's
   * message shows as a success toast and `saved` gets the answer. A refusal shows as every failure does, and when
   * it names a field, under that field too (`fieldProblem`), which takes the focus; the form stays as it is.
   */
  async function submit<A extends { message: string }>(event: FormEvent, check: () => string | FieldProblem, send: () => Promise<A>, saved: (answer: A) => void) {
    event.preventDefault();
    if (uploading || saving) return;
    const form = event.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
    const checked = check();
    const found = typeof checked === 'string' ? (checked ? { message: checked, field: null } : null) : checked;
    focusIn.current = form;
    setProblem(found?.message ?? '');
    setFieldProblem(found);
    if (found) return;
    await run(
      async () => {
        const answer = await send();
        toast.success(answer.message);
        saved(answer);
      },
      (error) => {
        if (error instanceof ApiError && error.field) {
          focusIn.current = form;
          setFieldProblem({ message: errorText(error), field: error.field });
        }
      },
    );
  }

  return { form, setForm, update, set, uploading, setUploading, saving, problem, fieldProblem, submit };
}
