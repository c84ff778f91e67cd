import 'reflect-metadata';
import { parseArgs } from 'node:util';
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
import { equipmentDatabase } from './database';
import { insertEquipment } from './demo/bulk-insert';
import { generateEquipment } from './demo/demo-equipment';

const USAGE = `Equipment inventory commands:
  seed:demo [--count N] [--seed S]   Loads N generated items (default 60) when the inventory is empty.`;

const OPTIONS = {
  count: { type: 'string' },
  seed: { type: 'string' },
  help: { type: 'boolean' },
} as const;

async function seedDemo(dataSource: DataSource, count: number, seed: number): Promise<string> {
  return dataSource.transaction(async (manager) => {
    // One seeding at a time, even when two launchers start together.
    await manager.query(`LOCK TABLE "equipment"."equipment" IN SHARE ROW EXCLUSIVE MODE`);
    const [{ present }] = (await manager.query(
      `SELECT count(*)::int AS present FROM "equipment"."equipment"`,
    )) as [{ present: number }];
    if (present > 0) return `The inventory already has ${present} items; demo equipment was not loaded.`;
    const added = await insertEquipment(manager, generateEquipment(count, seed), 'seed');
    return `Loaded ${added} demo equipment items.`;
  });
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const command = positionals[0];
  if (!command || values.help || command !== 'seed:demo') {
    process.stdout.write(`${USAGE}\n`);
    return command && !values.help ? 2 : 0;
  }
  const count = Number(values.count ?? 60);
  const seed = Number(values.seed ?? 1);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
    throw new ServiceError('VALIDATION_FAILED', '--count must be a whole number from 1 to 1000000.');
  const { DATABASE_URL } = loadConfig(
    'equipment cli',
    z.object({ DATABASE_URL: urlVariable(['postgres', 'postgresql']) }),
  );
  const database = equipmentDatabase(DATABASE_URL);
  await migrateServiceDatabase(database);
  const dataSource = new DataSource({ ...serviceDataSourceOptions(database), logging: ['error'] });
  await dataSource.initialize();
  try {
    process.stdout.write(`${await seedDemo(dataSource, count, Number.isFinite(seed) ? seed : 1)}\n`);
    // Fresh statistics and visibility map: without them the first plans after a bulk load are poor.
    await dataSource.query(`VACUUM (ANALYZE) "equipment"."equipment", "equipment"."status_history"`);
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof ConfigError
        ? error.message
        : `Error: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
