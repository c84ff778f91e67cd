import { addBodyOf, EMPTY_VENDOR_DRAFT, savedLine, vendorDraftSchema } from './vendor-form';
import { vendorFiltersOf, vendorQueryOf } from './vendor-list';

describe('the vendor form', () => {
  it('sends what the contract makes of the text: trimmed, one space, blanks as null, kinds in order', () => {
    expect(
      addBodyOf({
        ...EMPTY_VENDOR_DRAFT,
        name: '  B.  Braun ',
        kinds: ['service', 'supplier'],
        phone: '  ',
        notes: 'Line one\r\nLine two',
      }),
    ).toEqual({
      name: 'B. Braun',
      kinds: ['supplier', 'service'],
      contactName: null,
      phone: null,
      email: null,
      website: null,
      notes: 'Line one\nLine two',
    });
  });

  it('refuses a form with no kind ticked (a group never ticked is held as false)', () => {
    const checked = vendorDraftSchema.safeParse({
      ...EMPTY_VENDOR_DRAFT,
      name: 'Acme',
      kinds: false as unknown as [],
    });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['kinds', 'Choose what the vendor is: manufacturer, supplier or service provider.'],
    ]);
  });

  it('says what a save did', () => {
    expect(savedLine({ retired: false }, { name: 'Acme', retired: true })).toBe('Acme retired.');
    expect(savedLine({ retired: true }, { name: 'Acme', retired: false })).toBe('Acme restored.');
    expect(savedLine({ retired: false }, { name: 'Acme', retired: false })).toBe('Acme saved.');
  });
});

describe('the vendor list’s address', () => {
  it('reads the filters, ignoring values it does not know, and asks with the status said', () => {
    const filters = vendorFiltersOf(new URLSearchParams('q=%20phil%20&kind=maker&status=gone&page=-3'));
    expect(filters).toEqual({ q: 'phil', kind: '', status: 'active', page: 1 });
    expect(vendorQueryOf(filters)).toBe('q=phil&status=active&page=1');
    expect(vendorQueryOf(vendorFiltersOf(new URLSearchParams('kind=service&status=retired&page=2')))).toBe(
      'kind=service&status=retired&page=2',
    );
  });
});
