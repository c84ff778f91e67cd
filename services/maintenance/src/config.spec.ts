import { ConfigError, generateStatementKeyPair, trustedKeysValue } from '@caliber/service-kit';
import { loadMaintenanceConfig } from './config';

const keys = generateStatementKeyPair('maintenance');
const base = {
  DATABASE_URL: 'postgres://caliber:caliber@127.0.0.1:5432/caliber',
  SIGNING_KEY: keys.privateKey,
  TRUSTED_KEYS: trustedKeysValue([keys]),
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadMaintenanceConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the PM program settings', () => {
  it('default to UTC, a 14-day lead time and a run at 02:15', () => {
    expect(loadMaintenanceConfig(base)).toMatchObject({
      timeZone: 'UTC',
      pmLeadTimeDays: 14,
      pmJobCron: '15 2 * * *',
    });
  });

  it('take a hospital time zone, a lead time and a cron pattern', () => {
    expect(
      loadMaintenanceConfig({
        ...base,
        HOSPITAL_TIME_ZONE: 'Africa/Accra',
        PM_LEAD_TIME_DAYS: '30',
        PM_JOB_CRON: '0 3 * * 1-5',
      }),
    ).toMatchObject({ timeZone: 'Africa/Accra', pmLeadTimeDays: 30, pmJobCron: '0 3 * * 1-5' });
  });

  it('stop the service on a zone, lead time or pattern that is not one', () => {
    expect(problemsOf({ ...base, HOSPITAL_TIME_ZONE: 'Mars/Olympus' }).join()).toMatch(/HOSPITAL_TIME_ZONE/);
    expect(problemsOf({ ...base, PM_LEAD_TIME_DAYS: '-1' }).join()).toMatch(/PM_LEAD_TIME_DAYS/);
    expect(problemsOf({ ...base, PM_JOB_CRON: 'every night' }).join()).toMatch(/PM_JOB_CRON/);
    expect(problemsOf({ ...base, PM_JOB_CRON: '15 2 * *' }).join()).toMatch(/PM_JOB_CRON/);
  });
});
