import type { MeResponse } from '@caliber/contracts';
import { useSession } from '@caliber/web';
import { useContractForm, type ContractFormOptions } from '@caliber/web-forms';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useSave, type SaveState } from './use-save';

/**
 * A card's form saved to the account: the contract's schema checks it (each message under its
 * field), then `send` saves it and the answer replaces the signed-in person; a refusal shows its
 * message in the Save row and its field details under the fields.
 */
export function useAccountForm<T extends FieldValues>(
  schema: ContractFormOptions<T>['schema'],
  defaultValues: DefaultValues<T>,
  send: (values: T) => Promise<MeResponse>,
  fallback: string,
) {
  const { replaceUser } = useSession();
  const form = useContractForm<T>({ schema, defaultValues });
  const saving = useSave(async (values: T) => {
    const { user } = await send(values);
    replaceUser(user);
    return user;
  }, fallback);
  const submit = form.submitWith((values) => saving.save(values), fallback);
  const state: SaveState = {
    busy: saving.state.busy,
    saved: saving.state.saved && form.formState.isSubmitSuccessful,
    error: form.formError,
  };
  return { form, submit, state };
}
