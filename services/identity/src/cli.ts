import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { canonicalRole, type NewStaffInput } from '@caliber/contracts';
import { refuseDemoDataInProduction, runServiceCli, ServiceError } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';
import { identityDatabase } from './database';
import { seedDemoStaff } from './roster/demo-staff';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { addStaff, setStaffActive } from './roster/roster';
import { DEFAULT_PHONE_COUNTRY } from './users/phone';
import { UserEntity } from './users/user.entity';

const USAGE = `Staff roster commands:
  admin:create   --service-number SN --name "Full Name" --phone +15550100 [--email a@b] [--department TSEU]
                 Creates the first Admin (refused once an Admin exists; use staff:add --role Admin).
  staff:add      --service-number SN --name "Full Name" --phone NUMBER [--role Technician|Engineer|Manager|Admin|Clinical]
                 [--department NAME] [--email ADDRESS] [--pre-approved]
  staff:deactivate --service-number SN     Stops the person from receiving sign-in codes.
  staff:activate   --service-number SN
  staff:list                              Lists the roster.
  seed:demo                               Loads the demo roster when the roster is empty.`;

const OPTIONS = {
  'service-number': { type: 'string' },
  name: { type: 'string' },
  phone: { type: 'string' },
  role: { type: 'string' },
  department: { type: 'string' },
  email: { type: 'string' },
  'pre-approved': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function staffFrom(values: Values, role: string | undefined): NewStaffInput {
  const staff: Record<string, unknown> = {
    serviceNumber: values['service-number'],
    name: values.name,
    phoneNumber: values.phone,
    preApproved: values['pre-approved'] ?? false,
  };
  if (role !== undefined) staff['role'] = canonicalRole(role) ?? role;
  if (values.department !== undefined) staff['department'] = values.department;
  if (values.email !== undefined) staff['email'] = values.email;
  return staff as NewStaffInput;
}

const cliActor = { id: null, label: 'cli' };

async function run(dataSource: DataSource, command: string, values: Values): Promise<string> {
  switch (command) {
    case 'admin:create': {
      const admins = await dataSource.getRepository(UserEntity).countBy({ role: 'Admin' });
      if (admins > 0)
        throw new ServiceError(
          'CONFLICT',
          'An Admin already exists; add others with staff:add --role Admin.',
        );
      const user = await dataSource.transaction((m) =>
        addStaff(m, staffFrom(values, 'Admin'), cliActor, cliPhoneCountry()),
      );
      return `Added Admin ${user.name} (${user.serviceNumber}).`;
    }
    case 'staff:add': {
      const user = await dataSource.transaction((m) =>
        addStaff(m, staffFrom(values, values.role), cliActor, cliPhoneCountry()),
      );
      return `Added ${user.role} ${user.name} (${user.serviceNumber}, ${user.department}).`;
    }
    case 'staff:deactivate':
    case 'staff:activate': {
      const sn = values['service-number'];
      if (!sn) throw new ServiceError('VALIDATION_FAILED', '--service-number is required.');
      const user = await setStaffActive(dataSource, sn, command === 'staff:activate', cliActor);
      return `${user.name} (${user.serviceNumber}) is now ${user.isActive ? 'active' : 'inactive'}.`;
    }
    case 'staff:list': {
      const users = await dataSource.getRepository(UserEntity).find({ order: { serviceNumber: 'ASC' } });
      if (users.length === 0) return 'The roster is empty.';
      return users
        .map(
          (u) =>
            `${u.serviceNumber.padEnd(12)} ${u.name.padEnd(24)} ${u.role.padEnd(11)} ${u.department.padEnd(22)} ${u.isActive ? 'active' : 'inactive'}`,
        )
        .join('\n');
    }
    case 'seed:demo': {
      refuseDemoDataInProduction();
      const added = await seedDemoStaff(dataSource);
      return added
        ? `Loaded ${added} demo staff.`
        : 'The roster already has staff; the demo roster was not loaded.';
    }
    default:
      throw new ServiceError('VALIDATION_FAILED', `Unknown command "${command}".\n\n${USAGE}`);
  }
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: OPTIONS,
  allowPositionals: true,
});
const command = positionals[0];
if (!command || values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(command ? 0 : 2);
}
runServiceCli('identity', identityDatabase, (dataSource) => run(dataSource, command, values));

/** The command line reads numbers without a country code as the service does (`PHONE_DEFAULT_COUNTRY`). */
function cliPhoneCountry(): CountryCode {
  const code = (process.env['PHONE_DEFAULT_COUNTRY'] ?? '').trim().toUpperCase();
  return isSupportedCountry(code) ? code : DEFAULT_PHONE_COUNTRY;
}
