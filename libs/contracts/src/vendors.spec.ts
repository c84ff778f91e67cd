import { addVendorSchema, keepsVendors, updateVendorSchema, vendorQuerySchema } from './vendors';

describe('vendors', () => {
  it('tidies a new vendor: spaces, kinds in their order, blanks as none', () => {
    expect(
      addVendorSchema.parse({
        name: '  Philips   Healthcare ',
        kinds: ['service', 'manufacturer', 'service'],
        contactName: '',
        phone: ' +233 (0)30 255 5100 x 12 ',
        email: null,
        notes: 'Line one\r\nLine two\tend',
      }),
    ).toEqual({
      name: 'Philips Healthcare',
      kinds: ['manufacturer', 'service'],
      contactName: null,
      phone: '+233 (0)30 255 5100 x 12',
      email: null,
      website: null,
      notes: 'Line one\nLine two\tend',
    });
  });

  it.each([
    [{ name: 'A', kinds: [] }, 'Choose what the vendor is: manufacturer, supplier or service provider.'],
    [{ name: 'A\u0007', kinds: ['supplier'] }, 'Name cannot hold control characters.'],
    [{ name: 'A', kinds: ['supplier'], phone: '12' }, 'Phone must be a telephone number'],
    [{ name: 'A', kinds: ['supplier'], website: 'www.example.com' }, 'Website must be an address'],
    [{ name: 'A', kinds: ['supplier'], notes: 'bell\u0007' }, 'Notes cannot hold control characters.'],
    [{ kinds: ['supplier'] }, 'Name must be text.'],
  ])('refuses %j', (body, message) => {
    const result = addVendorSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('asks a change for the whole record, retired and the version read', () => {
    expect(updateVendorSchema.safeParse({ name: 'A', kinds: ['supplier'], retired: false }).success).toBe(
      false,
    );
    expect(
      updateVendorSchema.parse({ name: 'A', kinds: ['supplier'], retired: true, version: 3 }),
    ).toMatchObject({
      retired: true,
      version: 3,
      phone: null,
    });
  });

  it('lists active vendors unless asked otherwise', () => {
    expect(vendorQuerySchema.parse({})).toEqual({ q: '', status: 'active', page: 1, limit: 50 });
    expect(vendorQuerySchema.safeParse({ status: 'gone' }).success).toBe(false);
  });

  it('lets Engineers, Managers and Admins keep vendors, in any casing', () => {
    expect(['engineer', 'Manager', 'ADMIN'].every(keepsVendors)).toBe(true);
    expect(keepsVendors('Technician')).toBe(false);
    expect(keepsVendors('Clinical')).toBe(false);
  });
});
