import { Sealer } from './sealed';

describe('Sealer', () => {
  const sealer = new Sealer('a-secret-of-the-service-that-is-long-enough');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = sealer.seal('refresh-token-value');
    expect(sealed).not.toContain('refresh-token-value');
    expect(sealer.open(sealed)).toBe('refresh-token-value');
    expect(sealer.seal('refresh-token-value')).not.toBe(sealed);
  });

  it('opens nothing sealed with another secret, altered, or not sealed at all', () => {
    const sealed = sealer.seal('refresh-token-value');
    expect(new Sealer('another-secret-of-another-service-entirely').open(sealed)).toBeNull();
    const parts = sealed.split('.');
    const altered = [...parts.slice(0, 3), `${parts[3]?.slice(0, -2) ?? ''}AA`].join('.');
    expect(sealer.open(altered)).toBeNull();
    expect(sealer.open('refresh-token-value')).toBeNull();
  });
});
