import { generateKeyPairSync } from 'node:crypto';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const claim = { userId: '0b7e4c1a-3f2d-4e5b-9a8c-1d2e3f4a5b6c', topic: 'taskUpdates' as const };

  it('name the person and topic they were made for', () => {
    expect(readUnsubscribeToken(privateKey, unsubscribeToken(privateKey, claim))).toEqual(claim);
  });

  it('refuse another topic, another person, another key and anything else', () => {
    const token = unsubscribeToken(privateKey, claim);
    const [, , signature] = token.split('.');
    expect(readUnsubscribeToken(privateKey, `${claim.userId}.inventory.${signature}`)).toBeNull();
    expect(
      readUnsubscribeToken(privateKey, `1b7e4c1a-3f2d-4e5b-9a8c-1d2e3f4a5b6c.taskUpdates.${signature}`),
    ).toBeNull();
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(readUnsubscribeToken(other, token)).toBeNull();
    for (const bad of ['', 'x', `${token}.x`, `${claim.userId}.nope.${signature}`])
      expect(readUnsubscribeToken(privateKey, bad)).toBeNull();
  });
});
