// Forms: react-hook-form holds what is typed, a zod schema (the contract's, or one built on it)
// says what may be sent, and refusals (the schema's, then the server's) show where they belong.
// A library of its own, not part of `@caliber/web`: the sign-in page loads `@caliber/web` and
// needs none of this.
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, errorMessage } from '@caliber/web';
import type { BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * The path of an issue about the whole form rather than one field ('Please fill name, service
 * number and phone.'): a schema adds it with `path: [FORM_ISSUE]`, and the form shows it in its
 * error box above the fields.
 */
export const FORM_ISSUE = 'root';

export interface ContractFormOptions<T extends FieldValues> {
  /**
   * What the form may send: each issue shows under the field its path names, and one at
   * `FORM_ISSUE` above the form. The submitted values are the form's own (the schema checks them,
   * it does not transform them), so the caller builds the request body from them.
   */
  schema: ZodType<unknown, T>;
  defaultValues: DefaultValues<T>;
}

export interface ContractForm<T extends FieldValues> extends UseFormReturn<T, unknown, T> {
  /** The form-level message: the server's refusal, else the schema's issue about the whole form. */
  formError: string | null;
  /**
   * The form's submit handler: checks the schema (on refusal focus goes to the first field to fix,
   * in the order the fields are on the page), then runs `save`. If `save` throws, the server's
   * refusal is shown: each of its field details under its field, its message (else `fallback`)
   * above the form.
   */
  submitWith(
    save: (values: T) => Promise<void>,
    fallback: string,
  ): (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * A form over react-hook-form and a zod schema: validated on submit, then again on each change so a
 * fixed field's message goes away as it is fixed; focus moves to the first field to fix.
 */
export function useContractForm<T extends FieldValues>({
  schema,
  defaultValues,
}: ContractFormOptions<T>): ContractForm<T> {
  const form = useForm<T, unknown, T>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { errors } = form.formState;
  const formError = errors.root?.['server']?.message ?? errors.root?.message ?? null;
  return {
    ...form,
    formError,
    submitWith: (save, fallback) =>
      form.handleSubmit(async (values) => {
        try {
          await save(values);
        } catch (failure) {
          showRefusal(form, failure, fallback);
        }
      }),
  };
}

/**
 * Shows a failed save on the form: each field the server refused (an `ApiError`'s details naming a
 * field of this form) gets its message, the first of them focused; the message itself, or
 * `fallback`, goes above the form (a failure of the server's adds its request id to quote).
 */
export function showRefusal<T extends FieldValues>(
  form: UseFormReturn<T, unknown, T>,
  failure: unknown,
  fallback: string,
): void {
  const names = new Set(Object.keys(form.getValues()));
  let first = true;
  if (failure instanceof ApiError)
    for (const issue of failure.details) {
      const field = issue.path.split('.')[0] ?? '';
      if (!names.has(field)) continue;
      form.setError(
        field as FieldPath<T>,
        { type: 'server', message: issue.message },
        { shouldFocus: first },
      );
      first = false;
    }
  form.setError('root.server', { type: 'server', message: errorMessage(failure, fallback) });
}
