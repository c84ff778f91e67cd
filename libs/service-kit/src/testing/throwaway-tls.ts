import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Certificates made for one test run and thrown away after it: a certificate authority and one
 * certificate it signed, for server and client use (TLS to NATS, mutual TLS between NATS
 * servers), valid for the given names. Made with openssl: Node can read certificates but not
 * sign them. Tests only.
 */
export interface ThrowawayTls {
  /** The authority's certificate (PEM), what a client trusts. */
  caFile: string;
  /** The certificate (PEM) and its private key, what a server (or a client) presents. */
  certFile: string;
  keyFile: string;
}

function openssl(args: string[], cwd: string): void {
  const run = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      'openssl is not installed: the TLS tests make throw-away certificates with it (apt-get install openssl).',
    );
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')} failed:\n${run.stderr}`);
}

/** A new authority and a certificate it signed for `dnsNames` and `ipAddresses`, written under `dir`. */
export function makeThrowawayTls(
  dir: string,
  { dnsNames = [], ipAddresses = [] }: { dnsNames?: string[]; ipAddresses?: string[] },
): ThrowawayTls {
  mkdirSync(dir, { recursive: true });
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...key,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      '/CN=Caliber throw-away test authority',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(['req', ...key, '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=caliber-test'], dir);
  const names = [...dnsNames.map((name) => `DNS:${name}`), ...ipAddresses.map((ip) => `IP:${ip}`)];
  writeFileSync(
    join(dir, 'extensions.cnf'),
    [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth,clientAuth',
      `subjectAltName=${names.join(',')}`,
      '',
    ].join('\n'),
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'tls.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'tls.crt',
      '-days',
      '2',
      '-extfile',
      'extensions.cnf',
    ],
    dir,
  );
  return { caFile: join(dir, 'ca.crt'), certFile: join(dir, 'tls.crt'), keyFile: join(dir, 'tls.key') };
}
