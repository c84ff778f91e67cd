import type { SelectOption } from '@caliber/ui-kit';

/** A select's options: a placeholder meaning "not chosen yet" (''), then each value as its own label. */
export function optionsWithPlaceholder<V extends string>(
  placeholder: string,
  values: readonly V[],
): SelectOption<V | ''>[] {
  return [{ value: '', label: placeholder }, ...values.map((value) => ({ value, label: value }))];
}
