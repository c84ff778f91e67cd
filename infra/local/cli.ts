// `npm run cli -- [service] <command> [options]`: a domain service's admin commands (the
// identity service's staff roster commands when no service is named), run against DATABASE_URL
// or, when unset, the local stack's PostgreSQL (started for the command if `npm start` is not
// running). `npm run cli -- equipment --help` lists the equipment service's commands.
// `npm run cli -- audit verify` checks every service's audit hash chain in that database.
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { DOMAIN_SERVICE_NAMES, type DomainServiceName } from '@caliber/contracts';
import { verifyAuditChain } from '@caliber/service-kit';
import { Client } from 'pg';
import { binary, dataDir, LOCAL_PORTS, portAnswers, runStep, serviceEntry, startBackingServers } from './src';

const isServiceName = (value: string | undefined): value is DomainServiceName =>
  (DOMAIN_SERVICE_NAMES as readonly (string | undefined)[]).includes(value);

/**
 * `audit verify`: each service's audit chain, one line each (rows, head seq and hash, INTACT or
 * BROKEN at the first break); non-zero when any chain is broken or cannot be read. The head hashes
 * are the anchors to keep: a chain rewritten and re-hashed by someone with the table owner's rights
 * verifies again, but no longer holds an earlier head's hash at that head's seq.
 */
async function auditVerify(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  let failed = 0;
  try {
    const runner = {
      query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows,
    };
    for (const name of DOMAIN_SERVICE_NAMES) {
      try {
        const verdict = await verifyAuditChain(runner, name);
        const head = `rows ${verdict.rows}, head ${verdict.headSeq} ${verdict.headHash}`;
        if (verdict.intact) process.stdout.write(`${name.padEnd(12)} ${head}  INTACT\n`);
        else {
          failed++;
          const at = verdict.firstBreak;
          process.stdout.write(
            `${name.padEnd(12)} ${head}  BROKEN at seq ${at?.seq ?? '?'}${at?.id ? ` (row id ${at.id})` : ''}: ${at?.reason ?? ''}\n`,
          );
        }
      } catch (error) {
        failed++;
        process.stdout.write(
          `${name.padEnd(12)} UNREADABLE: ${error instanceof Error ? error.message : String(error)} (is the database migrated?)\n`,
        );
      }
    }
  } finally {
    await client.end();
  }
  return failed === 0 ? 0 : 1;
}

async function main(argv: string[]): Promise<number> {
  const auditCommand = argv[0] === 'audit';
  if (auditCommand && argv[1] !== 'verify') {
    process.stderr.write('Usage: npm run cli -- audit verify\n');
    return 2;
  }
  const service: DomainServiceName = isServiceName(argv[0]) ? argv[0] : 'identity';
  const args = isServiceName(argv[0]) ? argv.slice(1) : argv;
  if (!auditCommand)
    runStep(
      'Build',
      binary('nx'),
      ['run', `${service}:build`, '--outputStyle=static', '--skip-nx-cache=false'],
      {
        ...process.env,
        NX_DAEMON: 'false',
        NX_NO_CLOUD: 'true',
      },
    );
  let databaseUrl = process.env['DATABASE_URL'];
  let stop: () => Promise<void> = async () => undefined;
  if (!databaseUrl && (await portAnswers(LOCAL_PORTS.postgres))) {
    databaseUrl = `postgres://caliber:caliber@127.0.0.1:${LOCAL_PORTS.postgres}/caliber`;
  }
  if (!databaseUrl) {
    const dir = dataDir();
    await mkdir(dir, { recursive: true });
    const servers = await startBackingServers(dir, { postgres: true, nats: false, redis: false }, (line) =>
      process.stderr.write(`${line}\n`),
    );
    databaseUrl = servers.databaseUrl;
    stop = servers.stop;
  }
  try {
    if (auditCommand) return await auditVerify(databaseUrl);
    const result = spawnSync(process.execPath, [serviceEntry(service, 'cli'), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return result.status ?? 1;
  } finally {
    await stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
