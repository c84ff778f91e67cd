import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import {
  generateStatementKeyPair,
  parsePrivateKey,
  parsePublicKey,
  parseTrustedKeys,
  requireOwnKeyTrusted,
  trustedKeysValue,
} from './keys';
import { payloadHash, StatementSigner, StatementVerifier } from './statements';

const gatewayPair = generateStatementKeyPair('gateway');
const equipmentPair = generateStatementKeyPair('equipment');
const verifier = new StatementVerifier(parseTrustedKeys(trustedKeysValue([gatewayPair, equipmentPair])));
const gateway = new StatementSigner('gateway', parsePrivateKey(gatewayPair.privateKey));
const equipment = new StatementSigner('equipment', parsePrivateKey(equipmentPair.privateKey));
const user = { id: 'u1', role: 'Engineer', name: 'Ama', serviceNumber: 'E-1', sessionId: 's1' };

describe('statement keys', () => {
  it('read a key as one line of base64 DER, as PEM, and as PEM with escaped line breaks', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(parsePrivateKey(pem).asymmetricKeyType).toBe('ec');
    expect(parsePrivateKey(pem.replace(/\n/g, '\\n')).asymmetricKeyType).toBe('ec');
    expect(parsePublicKey(gatewayPair.publicKey).asymmetricKeyType).toBe('ec');
  });

  it('refuse a key of another kind, a pair without a name, and a name given twice', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(() => parsePrivateKey(rsa.export({ format: 'pem', type: 'pkcs8' }).toString())).toThrow(
      'the signing key must be an ECDSA P-256 key',
    );
    expect(() => parseTrustedKeys(gatewayPair.publicKey)).toThrow('is not name=key');
    expect(() => parseTrustedKeys(`a=${gatewayPair.publicKey},a=${equipmentPair.publicKey}`)).toThrow(
      'a is given twice',
    );
  });
});

describe("a process's own key", () => {
  it('must be the one the trusted keys name for it', () => {
    const trusted = parseTrustedKeys(trustedKeysValue([gatewayPair, equipmentPair]));
    expect(() =>
      requireOwnKeyTrusted('gateway', parsePrivateKey(gatewayPair.privateKey), trusted),
    ).not.toThrow();
    expect(() => requireOwnKeyTrusted('gateway', parsePrivateKey(equipmentPair.privateKey), trusted)).toThrow(
      /does not hold the public key of this process's SIGNING_KEY as gateway/,
    );
    expect(() =>
      requireOwnKeyTrusted('identity', parsePrivateKey(gatewayPair.privateKey), trusted),
    ).toThrow();
  });
});

describe('signed statements', () => {
  it('carry who sends, for whom, bound to the subject and the payload', () => {
    const message = gateway.sign('equipment.create', { data: { name: 'x' } }, user);
    expect(verifier.verify('equipment.create', message, ['gateway'])).toEqual({
      sender: { principal: 'gateway', user },
      payload: { data: { name: 'x' } },
    });
    const claims = jwt.decode(message.statement) as Record<string, unknown>;
    expect(claims).toMatchObject({
      iss: 'gateway',
      aud: 'equipment.create',
      bh: payloadHash(message.payload),
    });
    expect((claims['exp'] as number) - (claims['iat'] as number)).toBe(60);
  });

  it('are refused from a sender not allowed the subject, after expiry, or when they are not statements', () => {
    const own = equipment.sign('equipment.create', {}, user);
    expect(() => verifier.verify('equipment.create', own, ['gateway'])).toThrow(
      'The request was refused: equipment may not send equipment.create.',
    );
    const expired = jwt.sign(
      { iss: 'gateway', aud: 'x', bh: payloadHash({}), iat: 1, exp: 2 },
      parsePrivateKey(gatewayPair.privateKey),
      { algorithm: 'ES256', keyid: 'gateway' },
    );
    expect(() => verifier.verify('x', { statement: expired, payload: {} }, ['gateway'])).toThrow(
      'The request was refused: its statement has expired.',
    );
    expect(() => verifier.verify('x', { payload: {} }, ['gateway'])).toThrow(
      'it carries no signed statement',
    );
    expect(() => verifier.verify('x', { statement: 'a.b.c', payload: {} }, ['gateway'])).toThrow(
      'its signer is unknown',
    );
  });

  it('refuse a token signed with an HMAC secret in place of the key (algorithm confusion)', () => {
    const hmac = jwt.sign({ iss: 'gateway', aud: 'x', bh: payloadHash({}) }, gatewayPair.publicKey, {
      algorithm: 'HS256',
      keyid: 'gateway',
    });
    expect(() => verifier.verify('x', { statement: hmac, payload: {} }, ['gateway'])).toThrow(
      'its statement is not valid',
    );
  });
});
