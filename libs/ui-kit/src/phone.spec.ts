import { telHref } from './phone';

describe('telHref', () => {
  it('dials a number as people write it: digits and a leading +, the extension as ;ext=', () => {
    expect(telHref('+44 20 7946 0321')).toBe('tel:+442079460321');
    expect(telHref('(0302) 123-456 ext. 12')).toBe('tel:0302123456;ext=12');
    expect(telHref('030.212.3456 x204')).toBe('tel:0302123456;ext=204');
  });

  it('leaves out the trunk (0) written after a country code, and keeps a leading 0 otherwise', () => {
    expect(telHref('+44 (0)20 7946 0321 ext. 12')).toBe('tel:+442079460321;ext=12');
    expect(telHref('(0)20 7946 0321')).toBe('tel:02079460321');
  });
});
