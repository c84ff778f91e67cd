import { rateLimitBlock } from './client-address';

describe('rate-limit blocks of client addresses', () => {
  it('counts an IPv4 address as itself, also when mapped into IPv6', () => {
    expect(rateLimitBlock('10.1.2.3')).toBe('10.1.2.3');
    expect(rateLimitBlock('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it('counts every IPv6 address of one /64 as one', () => {
    const block = '2001:db8:aa:1::/64';
    expect(rateLimitBlock('2001:db8:aa:1::1')).toBe(block);
    expect(rateLimitBlock('2001:0db8:00aa:0001:ffff:1:2:3')).toBe(block);
    expect(rateLimitBlock('2001:db8:aa:2::1')).toBe('2001:db8:aa:2::/64');
    expect(rateLimitBlock('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps anything else as it is', () => {
    expect(rateLimitBlock('unknown')).toBe('unknown');
  });
});
