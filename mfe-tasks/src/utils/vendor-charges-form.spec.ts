import {
  chargesBodyOf,
  chargesDraftOf,
  draftTotal,
  EMPTY_CHARGE,
  formPathOf,
  typedAmount,
  vendorChargesDraftSchema,
  type ChargeDraft,
} from './vendor-charges-form';

const PHILIPS = { id: '4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d', name: 'Philips Healthcare' };

const row = (changes: Partial<ChargeDraft>): ChargeDraft => ({ ...EMPTY_CHARGE, ...changes });

describe('The vendor charges form', () => {
  it('opens on the charges recorded, or on one blank row', () => {
    expect(chargesDraftOf({ charges: [], total: 0, currency: null, version: 0 })).toEqual({
      charges: [EMPTY_CHARGE],
    });
    expect(
      chargesDraftOf({
        charges: [
          {
            vendorId: PHILIPS.id,
            vendorName: PHILIPS.name,
            visitDate: '2026-03-14',
            invoiceNumber: null,
            amount: 480,
            notes: null,
          },
        ],
        total: 480,
        currency: 'GHS',
        version: 3,
      }),
    ).toEqual({
      charges: [{ vendor: PHILIPS, visitDate: '2026-03-14', invoiceNumber: '', amount: '480.00', notes: '' }],
    });
  });

  it('reads an amount as plain digits only', () => {
    expect(typedAmount(' 12.5 ')).toBe(12.5);
    expect(typedAmount('')).toBeNull();
    expect(typedAmount('1,000')).toBeNaN();
    expect(typedAmount('-3')).toBeNaN();
  });

  it('sends the whole list tidied, without blank rows, and knows the row of each charge sent', () => {
    const { body, rowOf } = chargesBodyOf(
      {
        charges: [
          row({}),
          row({
            vendor: PHILIPS,
            visitDate: ' 2026-03-14 ',
            invoiceNumber: ' ',
            amount: '480.25',
            notes: ' Visit ',
          }),
        ],
      },
      7,
    );
    expect(body).toEqual({
      charges: [
        {
          vendorId: PHILIPS.id,
          visitDate: '2026-03-14',
          invoiceNumber: null,
          amount: 480.25,
          notes: 'Visit',
        },
      ],
      version: 7,
    });
    expect(rowOf).toEqual([1]);
    expect(formPathOf('charges.0.vendorId', rowOf)).toBe('charges.1.vendor');
    expect(formPathOf('charges.0.visitDate', rowOf)).toBe('charges.1.visitDate');
    expect(formPathOf('charges.3.amount', rowOf)).toBeNull();
    expect(formPathOf('charges', rowOf)).toBeNull();
    expect(formPathOf('version', rowOf)).toBeNull();
  });

  it('refuses with the contract’s rules, each under its row’s field, in the form’s words', async () => {
    const schema = vendorChargesDraftSchema(0);
    const result = await schema.safeParseAsync({
      charges: [
        row({ visitDate: '2026-02-30', amount: '' }),
        row({ vendor: PHILIPS, visitDate: '2026-03-14', amount: '1.234' }),
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['charges.0.amount', 'Amount is required.'],
      ['charges.0.vendor', 'Choose the vendor.'],
      ['charges.0.visitDate', 'Visit date must be a date such as 2026-03-14.'],
      ['charges.1.amount', 'Amount may have at most two decimals.'],
    ]);
    expect((await schema.safeParseAsync({ charges: [row({})] })).success).toBe(true);
  });

  it('totals the amounts typed so far, to the cent', () => {
    expect(
      draftTotal({ charges: [row({ amount: '0.1' }), row({ amount: '0.2' }), row({ amount: 'x' })] }),
    ).toBe(0.3);
  });
});
