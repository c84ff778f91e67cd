import { generateOtp, hashOtp, otpMatches } from './otp-code';

describe('otp codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 500; i++) expect(generateOtp()).toMatch(/^\d{6}$/);
  });

  it('are not repeated in a small sample', () => {
    const seen = new Set(Array.from({ length: 200 }, generateOtp));
    expect(seen.size).toBeGreaterThan(190);
  });

  it('match only the same code, challenge and pepper', () => {
    const hash = hashOtp('pepper-a', 'challenge-1', '012345');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(otpMatches('pepper-a', 'challenge-1', '012345', hash)).toBe(true);
    expect(otpMatches('pepper-a', 'challenge-1', '012346', hash)).toBe(false);
    expect(otpMatches('pepper-a', 'challenge-2', '012345', hash)).toBe(false);
    expect(otpMatches('pepper-b', 'challenge-1', '012345', hash)).toBe(false);
    expect(otpMatches('pepper-a', 'challenge-1', '012345', 'abc')).toBe(false);
  });
});
