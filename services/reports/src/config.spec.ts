import { join } from 'node:path';
import { ConfigError, generateStatementKeyPair, trustedKeysValue } from '@caliber/service-kit';
import { loadReportsConfig } from './config';

const keys = generateStatementKeyPair('reports');
const base = {
  DATABASE_URL: 'postgres://caliber:caliber@127.0.0.1:5432/caliber',
  SIGNING_KEY: keys.privateKey,
  TRUSTED_KEYS: trustedKeysValue([keys]),
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadReportsConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the reports settings', () => {
  it('default to two reports a worker, three tries, a week of files and amounts in US dollars until the hospital sets its currency', () => {
    expect(loadReportsConfig(base)).toMatchObject({
      concurrency: 2,
      attempts: 3,
      retentionDays: 7,
      currency: 'USD',
      mail: {
        smtpUrl: null,
        from: 'Caliber reports <reports@caliber.invalid>',
        outboxDir: join('.data', 'outbox', 'mail'),
      },
      timeZone: 'UTC',
      maxActivePerPerson: 3,
      maxSchedulesPerPerson: 10,
      mailDomains: [],
    });
  });

  it('take the per-person limits and the mail domains, tidied', () => {
    expect(
      loadReportsConfig({
        ...base,
        REPORT_MAX_ACTIVE_PER_PERSON: '5',
        REPORT_MAX_SCHEDULES_PER_PERSON: '20',
        REPORT_MAIL_DOMAINS: ' Hospital.Example, @biomed.hospital.example,,hospital.example ',
      }),
    ).toMatchObject({
      maxActivePerPerson: 5,
      maxSchedulesPerPerson: 20,
      mailDomains: ['hospital.example', 'biomed.hospital.example'],
    });
  });

  it('refuse a limit of none and a mail domain that is not one', () => {
    expect(problemsOf({ ...base, REPORT_MAX_ACTIVE_PER_PERSON: '0' }).join('\n')).toMatch(
      /REPORT_MAX_ACTIVE_PER_PERSON/,
    );
    expect(problemsOf({ ...base, REPORT_MAX_SCHEDULES_PER_PERSON: 'many' }).join('\n')).toMatch(
      /REPORT_MAX_SCHEDULES_PER_PERSON/,
    );
    for (const wrong of ['head@hospital.example', 'https://hospital.example', 'localhost', 'a..example'])
      expect(problemsOf({ ...base, REPORT_MAIL_DOMAINS: wrong }).join('\n')).toMatch(
        /REPORT_MAIL_DOMAINS.*mail domain such as hospital\.example/,
      );
  });

  it('take a currency and an SMTP server', () => {
    expect(
      loadReportsConfig({
        ...base,
        REPORT_CURRENCY: 'GHS',
        SMTP_URL: 'smtps://u:p@mail.hospital.example:465',
      }),
    ).toMatchObject({
      currency: 'GHS',
      mail: expect.objectContaining({ smtpUrl: 'smtps://u:p@mail.hospital.example:465' }),
    });
  });

  it('refuse production without an SMTP server, and a wrong currency or time zone', () => {
    expect(
      problemsOf({ ...base, NODE_ENV: 'production', NATS_USER: 'reports', NATS_PASSWORD: 'x' }).join('\n'),
    ).toMatch(/SMTP_URL is required in production/);
    expect(problemsOf({ ...base, REPORT_CURRENCY: 'dollars' }).join('\n')).toMatch(/REPORT_CURRENCY/);
    expect(problemsOf({ ...base, HOSPITAL_TIME_ZONE: 'Mars/Olympus' }).join('\n')).toMatch(
      /HOSPITAL_TIME_ZONE/,
    );
  });
});
