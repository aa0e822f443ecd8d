// The envelope every API answer travels in (DESIGN.md section 3): `{ success, error, message, data }`.

/** A successful answer carrying `data`. */
export interface ApiSuccess<T> {
  success: true;
  error: false;
  message: string;
  data: T;
}

/** A failed answer: `code` is stable for programs, `message` is for people, `field` names the bad input. */
export interface ApiFailure {
  success: false;
  error: true;
  message: string;
  code?: string;
  field?: string | null;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** A page of results, as search and listings answer. */
export interface Paged<T> {
  data: T[];
  page: number;
  totalPage: number;
  totalCount?: number;
}
