import { domainOf, mailRefusalMessage, mayMailTo } from './mail-policy';

const confirmed = (email: string) => ({ email, emailConfirmed: true });
const unconfirmed = (email: string) => ({ email, emailConfirmed: false });
const none = { email: null, emailConfirmed: false };

describe('where a report may be e-mailed', () => {
  it('allows the requester’s own confirmed roster address, whatever its case', () => {
    expect(mayMailTo('Ama.Owusu@Clinic.example', confirmed('ama.owusu@clinic.example'), [])).toBe(true);
  });

  it('refuses the requester’s roster address while it is not confirmed', () => {
    expect(mayMailTo('ama.owusu@clinic.example', unconfirmed('ama.owusu@clinic.example'), [])).toBe(false);
  });

  it('allows an address at a listed domain, confirmed or not, and no other', () => {
    const domains = ['hospital.example'];
    expect(mayMailTo('head@hospital.example', none, domains)).toBe(true);
    expect(mayMailTo('me@hospital.example', unconfirmed('me@hospital.example'), domains)).toBe(true);
    expect(mayMailTo('head@elsewhere.example', confirmed('me@hospital.example'), domains)).toBe(false);
    // A listed domain is not its subdomains, nor a domain that merely ends the same way.
    expect(mayMailTo('x@mail.hospital.example', none, domains)).toBe(false);
    expect(mayMailTo('x@evilhospital.example', none, domains)).toBe(false);
  });

  it('allows nothing but the confirmed roster address when no domain is listed', () => {
    expect(mayMailTo('someone@hospital.example', confirmed('me@hospital.example'), [])).toBe(false);
    expect(mayMailTo('someone@hospital.example', none, [])).toBe(false);
  });

  it('reads the domain after the last @', () => {
    expect(domainOf('"a@b"@Hospital.Example')).toBe('hospital.example');
  });

  it('tells the requester where reports may go, and how to confirm an address', () => {
    expect(mailRefusalMessage(confirmed('me@clinic.example'), [])).toBe(
      'Reports can be e-mailed only to your own confirmed address (me@clinic.example). Use it, or leave Email empty and download the report.',
    );
    expect(mailRefusalMessage(unconfirmed('me@clinic.example'), ['a.example'])).toBe(
      'Reports can be e-mailed only to your own confirmed address or to an address at a.example, and yours (me@clinic.example) is not confirmed yet. To confirm one, enter it under Profile in Settings (or choose Send again there) and open the link it e-mails you; or leave Email empty and download the report.',
    );
    expect(mailRefusalMessage(none, ['a.example', 'b.example', 'c.example'])).toBe(
      'Reports can be e-mailed only to your own confirmed address or to an address at a.example, b.example or c.example, and you have none. To confirm one, enter it under Profile in Settings (or choose Send again there) and open the link it e-mails you; or leave Email empty and download the report.',
    );
  });
});
