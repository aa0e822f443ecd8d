// A catalogue form's problem beside its field (issue 36): the form's own check, or the server's refusal naming a
// field, is said under that field, which is marked aria-invalid and described by the sentence; the form's summary
// above Submit stays the one alert. Each form provides its current problem; a control names the field it stands for.
import { createContext, useContext, useId } from 'react';

/** A problem that names the field it is about, from the form's own check or the server's refusal. */
export interface FieldProblem {
  message: string;
  field: string | null;
}

const FieldProblemContext = createContext<FieldProblem | null>(null);

/** Gives the form's fields its current problem (null when none). */
export const FieldProblems = FieldProblemContext.Provider;

/** The field a form's control stands for, of a problem's path ('image.2' is the image list's, 'image'). */
export const fieldRoot = (field: string): string => field.split('.')[0] ?? field;

/** The first control of the form that stands for the problem's field, to take the focus. */
export function controlOf(form: HTMLFormElement, field: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[data-field="${CSS.escape(fieldRoot(field))}"]`);
}

/**
 * What is wrong with `field` now ('' when nothing), the message's id, and the attributes that tie a control to it
 * (`describedBy`: other ids the control is described by, such as a hint).
 */
export function useFieldProblem(field: string | undefined, describedBy?: string) {
  const problem = useContext(FieldProblemContext);
  const id = `${useId()}-problem`;
  const message = field !== undefined && problem?.field != null && fieldRoot(problem.field) === field ? problem.message : '';
  const ids = [describedBy, message ? id : undefined].filter(Boolean).join(' ');
  return {
    message,
    id,
    control: {
      ...(field === undefined ? {} : { 'data-field': field }),
      ...(message ? { 'aria-invalid': true as const } : {}),
      ...(ids ? { 'aria-describedby': ids } : {}),
    },
  };
}

/** The sentence under its field; nothing when the field is fine. Not an alert: the summary above Submit is announced. */
export function FieldMessage({ id, message }: { id: string; message: string }) {
  return message ? (
    <span id={id} className="cat-problem cat-field__problem">
      {message}
    </span>
  ) : null;
}
