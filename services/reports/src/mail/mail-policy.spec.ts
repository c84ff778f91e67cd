import { domainOf, mailRefusalMessage, mayMailTo } from './mail-policy';

describe('where a report may be e-mailed', () => {
  it('allows the requester’s own roster address, whatever its case', () => {
    expect(mayMailTo('Ama.Owusu@Clinic.example', 'ama.owusu@clinic.example', [])).toBe(true);
  });

  it('allows an address at a listed domain, and no other', () => {
    const domains = ['hospital.example'];
    expect(mayMailTo('head@hospital.example', null, domains)).toBe(true);
    expect(mayMailTo('head@elsewhere.example', 'me@hospital.example', domains)).toBe(false);
    // A listed domain is not its subdomains, nor a domain that merely ends the same way.
    expect(mayMailTo('x@mail.hospital.example', null, domains)).toBe(false);
    expect(mayMailTo('x@evilhospital.example', null, domains)).toBe(false);
  });

  it('allows nothing but the roster address when no domain is listed', () => {
    expect(mayMailTo('someone@hospital.example', 'me@hospital.example', [])).toBe(false);
    expect(mayMailTo('someone@hospital.example', null, [])).toBe(false);
  });

  it('reads the domain after the last @', () => {
    expect(domainOf('"a@b"@Hospital.Example')).toBe('hospital.example');
  });

  it('tells the requester where reports may go', () => {
    expect(mailRefusalMessage('me@clinic.example', [])).toBe(
      'Reports can be e-mailed only to your own address on the staff roster (me@clinic.example). Use it, or leave Email empty and download the report.',
    );
    expect(mailRefusalMessage(null, ['a.example', 'b.example', 'c.example'])).toBe(
      'Reports can be e-mailed only to your own address on the staff roster or to an address at a.example, b.example or c.example, and the roster has no address for you. Ask an Engineer to add it, or leave Email empty and download the report.',
    );
  });
});
