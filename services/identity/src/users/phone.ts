import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { ServiceError } from '@caliber/service-kit';

/** The country of numbers written without their code, unless `PHONE_DEFAULT_COUNTRY` says another. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/**
 * A phone number as the roster keeps it: E.164 (`+233241234567`), read with libphonenumber's
 * metadata. A number written without its country code is read as the hospital's
 * (`PHONE_DEFAULT_COUNTRY`). It must be a possible number for its country (the right length
 * for the country and its type); that is what a code by SMS needs, and what a typo breaks.
 * Answers the E.164 form, or refuses with a message naming the field.
 */
export function toE164(raw: string, defaultCountry: CountryCode, field = 'phoneNumber'): string {
  const parsed = parsePhoneNumberFromString(raw, defaultCountry);
  if (!parsed || !parsed.isPossible()) {
    const message = `Phone number ${raw.slice(0, 40)} is not a possible phone number${raw.trim().startsWith('+') ? '' : ` in ${defaultCountry}`}.`;
    throw new ServiceError('VALIDATION_FAILED', message, [{ path: field, message }]);
  }
  return parsed.number;
}
