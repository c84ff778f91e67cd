import {
  AUDIT_VERIFY_DEADLINE_MS,
  DOMAIN_SERVICE_NAMES,
  SUBJECTS,
  type ActingUser,
  type AuditChainVerdict,
} from '@caliber/contracts';
import { ServiceError, type ServiceChannel, type StatementSigner } from '@caliber/service-kit';
import type { ClientProxy } from '@nestjs/microservices';
import pino from 'pino';
import { map, timer } from 'rxjs';
import { ReportDataClient } from '../data/report-data.client';
import type { Cell } from '../document/report-document';
import type { BuildContext } from './build-context';
import { auditTrailIntegrity } from './compliance-audit-trail.section';

const user: ActingUser = { id: 'u-1', role: 'Engineer', name: 'Erin Engineer', serviceNumber: 'E-1' };

const verdict = (rows: number): AuditChainVerdict => ({
  rows,
  headSeq: rows,
  headHash: 'ab'.repeat(32),
  intact: true,
  firstBreak: null,
  checkedFromSeq: 1,
  earlierVerifiedAt: null,
});

function contextWith(verify: (subject: string) => Promise<AuditChainVerdict>): BuildContext {
  const data = { verifyAuditChain: (subject: string) => verify(subject) } as unknown as ReportDataClient;
  return {
    scope: { from: '2026-01-01', to: '2026-01-31', departments: [], categories: [] },
    user,
    data,
    options: {},
    currency: 'GBP',
    today: '2026-01-31',
  } as unknown as BuildContext;
}

async function tableRows(context: BuildContext): Promise<Cell[][]> {
  const table = await auditTrailIntegrity(context);
  const rows: Cell[][] = [];
  for await (const page of table.rows()) rows.push(...page);
  return rows;
}

describe('audit trail integrity section', () => {
  it('shows a service that did not answer in time as not checked, with the reason, and still lists the others', async () => {
    const rows = await tableRows(
      contextWith((subject) =>
        subject === SUBJECTS.identity.auditVerify
          ? Promise.reject(
              new ServiceError(
                'SERVICE_UNAVAILABLE',
                'The service holding the report data did not answer in time.',
              ),
            )
          : Promise.resolve(verdict(12)),
      ),
    );
    expect(rows).toHaveLength(DOMAIN_SERVICE_NAMES.length);
    const identity = rows.find((row) => row[0] === 'Staff and sign-in');
    expect(identity).toEqual([
      'Staff and sign-in',
      '—',
      '—',
      '—',
      'Not checked',
      'The service holding the report data did not answer in time.',
    ]);
    expect(rows.filter((row) => row[4] === 'Intact')).toHaveLength(DOMAIN_SERVICE_NAMES.length - 1);
  });

  it('says which rows an intact chain’s check re-hashed, and since when the others are known intact', async () => {
    const rows = await tableRows(
      contextWith((subject) =>
        Promise.resolve(
          subject === SUBJECTS.equipment.auditVerify
            ? { ...verdict(20_881), checkedFromSeq: 20_001, earlierVerifiedAt: '2026-11-20T09:00:00.000Z' }
            : subject === SUBJECTS.reports.auditVerify
              ? { ...verdict(3), checkedFromSeq: 4, earlierVerifiedAt: '2026-11-20T09:00:00.000Z' }
              : verdict(12),
        ),
      ),
    );
    const note = (label: string) => rows.find((row) => row[0] === label)?.[5];
    expect(note('Staff and sign-in')).toBe('Every row re-hashed now.');
    expect(note('Equipment')).toBe(
      'Rows 20,001 to 20,881 re-hashed now; rows up to 20,000 found intact on 2026-11-20, their last row re-checked now.',
    );
    expect(note('Reports')).toBe('No row since row 3, found intact on 2026-11-20; that row re-checked now.');
  });

  it('never says Intact for a service whose check failed for any reason', async () => {
    const rows = await tableRows(contextWith(() => Promise.reject(new Error('socket closed'))));
    expect(rows.map((row) => row[4])).toEqual(DOMAIN_SERVICE_NAMES.map(() => 'Not checked'));
    expect(rows.every((row) => row[5] === 'The check could not be run.')).toBe(true);
  });
});

describe('ReportDataClient.verifyAuditChain', () => {
  it('waits past the usual deadline of a request, up to the audit check deadline', async () => {
    const client = {
      connect: () => Promise.resolve(),
      send: () => timer(150).pipe(map(() => verdict(3))),
    } as unknown as ClientProxy;
    const channel: ServiceChannel = {
      client,
      signer: { sign: () => ({}) } as unknown as StatementSigner,
      timeoutMs: 40,
      logger: pino({ level: 'silent' }),
    };
    const data = new ReportDataClient(channel);
    await expect(data.ask(SUBJECTS.identity.auditVerify, {}, user)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    await expect(data.verifyAuditChain(SUBJECTS.identity.auditVerify, user)).resolves.toEqual(verdict(3));
    expect(AUDIT_VERIFY_DEADLINE_MS).toBeGreaterThanOrEqual(120_000);
  });
});
