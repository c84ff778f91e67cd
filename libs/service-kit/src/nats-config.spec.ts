import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { REPORT_DATA_SUBJECTS } from '@caliber/contracts';
import { checkCommonEnv, commonEnvShape, ConfigError, loadConfig, natsSettings } from './config';
import { natsAuthorizationConfig, natsPermissionsByUser } from './nats-permissions';
import { makeThrowawayTls } from './testing/throwaway-tls';
import { generateStatementKeyPair, trustedKeysValue } from './trust/keys';

const schema = z.object(commonEnvShape).superRefine(checkCommonEnv).transform(natsSettings);
const pair = generateStatementKeyPair('gateway');
/** Statement keys, which every process needs whatever its NATS settings. */
const KEYS = { SIGNING_KEY: pair.privateKey, TRUSTED_KEYS: trustedKeysValue([pair]) };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig('test', schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('statement key settings', () => {
  it('require a signing key and the trusted keys, and say how to make them', () => {
    expect(problemsOf({})).toEqual([
      'SIGNING_KEY: is required (or SIGNING_KEY_FILE): every message on the bus is signed and checked; `npm run keys` makes a set',
      'TRUSTED_KEYS: is required (or TRUSTED_KEYS_FILE): every message on the bus is signed and checked; `npm run keys` makes a set',
    ]);
    expect(problemsOf({ ...KEYS, SIGNING_KEY: 'not-a-key', TRUSTED_KEYS: 'gateway=abc' })).toEqual([
      'SIGNING_KEY: cannot be read: the signing key is not a key (PEM, or one line of base64 DER)',
      'TRUSTED_KEYS: cannot be read: the key of gateway is not a key (PEM, or one line of base64 DER)',
    ]);
  });
});

describe('NATS connection settings', () => {
  const folder = mkdtempSync(join(tmpdir(), 'caliber-nats-'));
  const passwordFile = join(folder, 'password');
  writeFileSync(passwordFile, 'from-the-secret-file\n');
  const tls = makeThrowawayTls(join(folder, 'tls'), { dnsNames: ['nats.hospital.internal'] });

  it('connect without credentials in development, as the named user otherwise', () => {
    expect(loadConfig('test', schema, { ...KEYS })).toEqual({ servers: ['nats://127.0.0.1:4222'] });
    expect(loadConfig('test', schema, { ...KEYS, NATS_USER: 'equipment', NATS_PASSWORD: 'secret' })).toEqual({
      servers: ['nats://127.0.0.1:4222'],
      user: 'equipment',
      pass: 'secret',
    });
  });

  it('read the password from a mounted secret file, without its trailing newline', () => {
    expect(
      loadConfig('test', schema, { ...KEYS, NATS_USER: 'equipment', NATS_PASSWORD_FILE: passwordFile }),
    ).toMatchObject({
      pass: 'from-the-secret-file',
    });
    expect(
      problemsOf({ ...KEYS, NATS_USER: 'equipment', NATS_PASSWORD_FILE: join(folder, 'missing') }),
    ).toEqual([expect.stringMatching(/^NATS_PASSWORD_FILE: cannot be read/)]);
  });

  it('require a NATS user and password in production, and both halves of each pair', () => {
    expect(problemsOf({ ...KEYS, NODE_ENV: 'production' })).toEqual([
      'NATS_USER: is required when NODE_ENV=production, with NATS_PASSWORD or NATS_PASSWORD_FILE',
    ]);
    expect(problemsOf({ ...KEYS, NATS_USER: 'equipment' })).toEqual([
      'NATS_PASSWORD: NATS_USER and a password (NATS_PASSWORD or NATS_PASSWORD_FILE) go together',
    ]);
    expect(
      problemsOf({ ...KEYS, NATS_USER: 'x', NATS_PASSWORD: 'a', NATS_PASSWORD_FILE: passwordFile }),
    ).toEqual(['NATS_PASSWORD: give NATS_PASSWORD or NATS_PASSWORD_FILE, not both']);
    expect(problemsOf({ ...KEYS, NATS_TLS_CERT_FILE: tls.certFile })).toEqual([
      'NATS_TLS_CERT_FILE: NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together',
    ]);
  });

  describe('TLS', () => {
    const other = makeThrowawayTls(join(folder, 'other'), { dnsNames: ['nats.hospital.internal'] });
    const TLS_URL = 'tls://nats.hospital.internal:4222';

    it('trusts the authority of NATS_TLS_CA_FILE for tls:// servers, with an optional client pair', () => {
      expect(
        loadConfig('test', schema, { ...KEYS, NATS_URL: TLS_URL, NATS_TLS_CA_FILE: tls.caFile }),
      ).toEqual({
        servers: [TLS_URL],
        tls: { caFile: tls.caFile },
      });
      expect(
        loadConfig('test', schema, {
          ...KEYS,
          NATS_URL: TLS_URL,
          NATS_TLS_CA_FILE: tls.caFile,
          NATS_TLS_CERT_FILE: tls.certFile,
          NATS_TLS_KEY_FILE: tls.keyFile,
        }),
      ).toEqual({
        servers: [TLS_URL],
        tls: { caFile: tls.caFile, certFile: tls.certFile, keyFile: tls.keyFile },
      });
      // A tls:// server without an authority of our own: the system's authorities are trusted.
      expect(loadConfig('test', schema, { ...KEYS, NATS_URL: TLS_URL })).toEqual({
        servers: [TLS_URL],
        tls: {},
      });
    });

    it('stop the service at start-up on a missing or wrong file, naming the variable', () => {
      expect(
        problemsOf({ ...KEYS, NATS_URL: TLS_URL, NATS_TLS_CA_FILE: join(folder, 'missing.crt') }),
      ).toEqual([expect.stringMatching(/^NATS_TLS_CA_FILE: cannot be read \(.*ENOENT/)]);
      // The password file: a file, but no certificate.
      expect(problemsOf({ ...KEYS, NATS_URL: TLS_URL, NATS_TLS_CA_FILE: passwordFile })).toEqual([
        `NATS_TLS_CA_FILE: cannot be read (${passwordFile} holds no PEM certificate)`,
      ]);
      // A key where the certificate belongs, and a certificate where the key belongs.
      expect(
        problemsOf({
          ...KEYS,
          NATS_URL: TLS_URL,
          NATS_TLS_CERT_FILE: tls.keyFile,
          NATS_TLS_KEY_FILE: tls.certFile,
        }),
      ).toEqual([
        `NATS_TLS_CERT_FILE: cannot be read (${tls.keyFile} holds no PEM certificate)`,
        expect.stringMatching(/^NATS_TLS_KEY_FILE: cannot be read \(/),
      ]);
      const corrupt = join(folder, 'corrupt.crt');
      writeFileSync(
        corrupt,
        '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n',
      );
      expect(problemsOf({ ...KEYS, NATS_URL: TLS_URL, NATS_TLS_CA_FILE: corrupt })).toEqual([
        expect.stringMatching(/^NATS_TLS_CA_FILE: cannot be read \(/),
      ]);
    });

    it('refuse a client certificate with another certificate’s key, and TLS files for a nats:// server', () => {
      expect(
        problemsOf({
          ...KEYS,
          NATS_URL: TLS_URL,
          NATS_TLS_CERT_FILE: tls.certFile,
          NATS_TLS_KEY_FILE: other.keyFile,
        }),
      ).toEqual(['NATS_TLS_KEY_FILE: is not the private key of the certificate in NATS_TLS_CERT_FILE']);
      expect(
        problemsOf({ ...KEYS, NATS_URL: `${TLS_URL},nats://nats-1:4222`, NATS_TLS_CA_FILE: tls.caFile }),
      ).toEqual(['NATS_URL: must name tls:// servers when NATS_TLS_CA_FILE is given (nats://nats-1:4222)']);
    });
  });

  it("take a cluster's servers as one comma-separated list, and name a bad entry", () => {
    expect(
      loadConfig('test', schema, {
        ...KEYS,
        NATS_URL: 'nats://nats-0.nats:4222, nats://nats-1.nats:4222,nats://nats-2.nats:4222',
      }),
    ).toEqual({
      servers: ['nats://nats-0.nats:4222', 'nats://nats-1.nats:4222', 'nats://nats-2.nats:4222'],
    });
    expect(problemsOf({ ...KEYS, NATS_URL: 'nats://a:4222,http://b:4222' })).toEqual([
      'NATS_URL: "http://b:4222" must be a URL starting with nats:// or tls://',
    ]);
    expect(problemsOf({ ...KEYS, NATS_URL: ' , ' })).toEqual(['NATS_URL: is required']);
  });
});

describe('NATS permissions', () => {
  const permissions = natsPermissionsByUser();

  it('give the gateway requests to every domain service and the events, and no publishing of events', () => {
    expect(permissions['gateway']).toEqual({
      publish: ['identity.>', 'equipment.>', 'maintenance.>', 'reports.>', 'notifications.>'],
      subscribe: ['_INBOX.>', 'events.>'],
      allowResponses: false,
    });
  });

  it('give identity its own subjects and events, and the one subject it calls: the lists feed', () => {
    expect(permissions['identity']).toEqual({
      publish: ['events.identity.>', 'equipment.lists.changes'],
      subscribe: ['identity.>', '_INBOX_identity.>'],
      allowResponses: true,
    });
  });

  it('give a service that calls others exactly those subjects, and answers on its own inbox', () => {
    expect(permissions['maintenance']).toEqual({
      publish: [
        'events.maintenance.>',
        'equipment.ref',
        'equipment.by-serials',
        'equipment.task-effect.apply',
        'identity.users.assignee',
        'equipment.risk.changes',
        'equipment.list',
        'identity.users.assignees',
        'equipment.lists.changes',
        'equipment.vendors.refs',
      ],
      subscribe: ['maintenance.>', '_INBOX_maintenance.>', 'events.maintenance.>'],
      allowResponses: true,
    });
    expect(permissions['equipment']).toEqual({
      publish: [
        'events.equipment.>',
        'maintenance.plans.coverage',
        'maintenance.tasks.ref',
        'maintenance.costs.currency',
      ],
      subscribe: ['equipment.>', '_INBOX_equipment.>', 'events.equipment.>'],
      allowResponses: true,
    });
  });

  it('give the reports service only the figures it reads, never a write of another service', () => {
    const reports = permissions['reports'];
    expect(reports?.subscribe).toEqual(['reports.>', '_INBOX_reports.>']);
    expect(reports?.publish).toEqual([
      'events.reports.>',
      ...REPORT_DATA_SUBJECTS,
      'maintenance.compliance',
      // The compliance audit lists the first page of each of its two lists, reads only.
      'maintenance.compliance.overdue',
      'maintenance.compliance.unplanned',
      'identity.users.assignees',
      'identity.users.standing',
      'equipment.lists.get',
      // The compliance report's audit trail integrity: each chain's check, reads only.
      'identity.audit.verify',
      'equipment.audit.verify',
      'maintenance.audit.verify',
      'reports.audit.verify',
      'notifications.audit.verify',
      // The hospital currency every amount is written in: a read.
      'maintenance.costs.currency',
    ]);
    expect(REPORT_DATA_SUBJECTS.every((subject) => /^(equipment|maintenance)\.report\./.test(subject))).toBe(
      true,
    );
  });

  it('give the notifying service the activity feeds and the roster’s answers it reads, and its own events', () => {
    const notifying = permissions['notifications'];
    expect(notifying?.subscribe).toEqual(['notifications.>', '_INBOX_notifications.>']);
    expect(notifying?.publish).toEqual([
      'events.notifications.>',
      'maintenance.activity.changes',
      'equipment.activity.changes',
      'identity.users.notification-recipients',
      'identity.users.notifications.turn-off',
      'maintenance.digest.tasks',
      'equipment.digest.department',
      'maintenance.pm.became-overdue',
      // Service contracts coming up for renewal.
      'equipment.contracts.renewal-due',
      // The on-call rota's departments are read against the hospital lists.
      'equipment.lists.get',
    ]);
  });

  it('write a server configuration naming each user with its permissions', () => {
    const config = natsAuthorizationConfig([
      { user: 'identity', password: 'pw"1', permissions: permissions['identity'] },
      { user: 'observer', password: 'pw2' },
    ]);
    expect(config).toContain(
      '{ user: "identity", password: "pw\\"1", permissions: { publish: { allow: ["events.identity.>", "equipment.lists.changes"] }, subscribe: { allow: ["identity.>", "_INBOX_identity.>"] }, allow_responses: true } }',
    );
    expect(config).toContain('{ user: "observer", password: "pw2" }');
  });
});
