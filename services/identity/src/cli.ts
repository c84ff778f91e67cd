import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { canonicalRole, type NewStaffInput } from '@caliber/contracts';
import {
  ConfigError,
  loadConfig,
  migrateServiceDatabase,
  serviceDataSourceOptions,
  ServiceError,
  urlVariable,
} from '@caliber/service-kit';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { identityDatabase } from './database';
import { seedDemoStaff } from './roster/demo-staff';
import { addStaff, setStaffActive } from './roster/roster';
import { UserEntity } from './users/user.entity';

const USAGE = `Staff roster commands:
  admin:create   --service-number SN --name "Full Name" --phone +15550100 [--email a@b] [--department TSEU]
                 Creates the first Admin (refused once an Admin exists; use staff:add --role Admin).
  staff:add      --service-number SN --name "Full Name" --phone NUMBER [--role Technician|Engineer|Manager|Admin]
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
      const user = await dataSource.transaction((m) => addStaff(m, staffFrom(values, 'Admin'), cliActor));
      return `Added Admin ${user.name} (${user.serviceNumber}).`;
    }
    case 'staff:add': {
      const user = await dataSource.transaction((m) => addStaff(m, staffFrom(values, values.role), cliActor));
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
      const added = await seedDemoStaff(dataSource);
      return added
        ? `Loaded ${added} demo staff.`
        : 'The roster already has staff; the demo roster was not loaded.';
    }
    default:
      throw new ServiceError('VALIDATION_FAILED', `Unknown command "${command}".\n\n${USAGE}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const command = positionals[0];
  if (!command || values.help) {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  const { DATABASE_URL } = loadConfig(
    'identity cli',
    z.object({ DATABASE_URL: urlVariable(['postgres', 'postgresql']) }),
  );
  const database = identityDatabase(DATABASE_URL);
  await migrateServiceDatabase(database);
  const dataSource = new DataSource({ ...serviceDataSourceOptions(database), logging: ['error'] });
  await dataSource.initialize();
  try {
    process.stdout.write(`${await run(dataSource, command, values)}\n`);
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ServiceError) {
      const details = error.details?.length
        ? `\n${error.details.map((d) => `  ${d.path}: ${d.message}`).join('\n')}`
        : '';
      process.stderr.write(`Error: ${error.message}${details}\n`);
    } else if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  },
);
