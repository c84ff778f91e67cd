import { VENDOR_KIND_LABELS, type VendorKind } from '@caliber/contracts';
import { Combobox } from '@caliber/ui-widgets';
import { useState, type Ref } from 'react';
import { vendorSearch, type VendorChoice } from '../hooks/vendor-search';
import { pickerTexts } from './picker-texts';

interface VendorPickerProps {
  label: string;
  /** The kind offered first: service providers for a contract, suppliers for a device. */
  kind: VendorKind;
  name?: string;
  value: VendorChoice | null;
  onChange(vendor: VendorChoice | null): void;
  onBlur?(): void;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  error?: string | null;
  hint?: string;
}

/**
 * A vendor of the vendor list, found as one types: active vendors of one kind, or every active
 * vendor when asked (a manufacturer that sells or services its own devices may be listed only as
 * a manufacturer). A retired vendor already chosen stays chosen until another is: it is not offered.
 */
export function VendorPicker({ kind, ...field }: VendorPickerProps) {
  const [everyKind, setEveryKind] = useState(false);
  const kindWords = `${VENDOR_KIND_LABELS[kind].toLowerCase()}s`;
  return (
    <div className="vendor-picker">
      <Combobox
        {...field}
        search={vendorSearch(everyKind ? 'all' : kind)}
        itemKey={(vendor) => vendor.id}
        itemLabel={(vendor) => vendor.name}
        texts={pickerTexts('vendors', 'Failed to load the vendors')}
        placeholder="Type a vendor's name"
      />
      <label className="vendor-picker__check">
        <input type="checkbox" checked={everyKind} onChange={(event) => setEveryKind(event.target.checked)} />
        Show every vendor, not only {kindWords}
      </label>
    </div>
  );
}
