/**
 * An amount in the hospital currency as the reader's locale writes it ("GH₵185.00"); with two
 * decimals and no symbol while no currency is set (an Admin sets it on Labour rates).
 */
export function formatMoney(amount: number, currency: string | null): string {
  return currency
    ? new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount)
    : amount.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
