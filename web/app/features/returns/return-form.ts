/** The return form's field names and shapes, shared by the form and its action (issue 32). */

/** A photo sent already (scripts): its id. */
export const PHOTO_FIELD = 'photo_id';
/** The photos' files, sent with the form when there are no scripts. */
export const PHOTO_FILES_FIELD = 'photos';

/** The return form's fields as typed, to fill the form again after a refusal. */
export interface ReturnFormValues {
  quantity: string;
  reason: string;
  comment: string;
}

export interface ReturnFormRefusal {
  values: ReturnFormValues;
  /** Each field's first message; `form` for one that names no field. */
  errors: Partial<Record<keyof ReturnFormValues | 'photos' | 'form', string>>;
}
