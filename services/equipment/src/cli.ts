import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { refuseDemoDataInProduction, runServiceCli } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';
import { equipmentDatabase } from './database';
import { insertEquipment } from './demo/bulk-insert';
import { generateEquipment } from './demo/demo-equipment';
import { writeDemoHistory } from './demo/demo-history';
import { demoRiskScores } from './demo/demo-risk';
import { demoAcquisitions, insertDemoAcquisitions } from './demo/demo-acquisition';
import { insertDemoContracts } from './demo/demo-contracts';
import { pmProgramThresholdOf } from './config';

const USAGE = `Equipment inventory commands:
  seed:demo [--count N] [--seed S]   Loads N generated items (default 60) when the inventory is empty,
                                     most with a risk assessment (PM_PROGRAM_THRESHOLD applies).`;

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
    const items = generateEquipment(count, seed);
    const risks = demoRiskScores(items, seed);
    const added = await insertEquipment(
      manager,
      items.map((item, index) => ({ ...item, risk: risks[index] ?? null })),
      'seed',
      pmProgramThresholdOf(),
    );
    // The vendors first: the acquisition figures name their suppliers among them.
    await insertDemoContracts(manager, new Date().toISOString().slice(0, 10));
    await insertDemoAcquisitions(manager, demoAcquisitions(items, seed));
    await writeDemoHistory(manager);
    return `Loaded ${added} demo equipment items with a year of status history, what most of them cost, and the vendors and service contracts that cover them.`;
  });
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: OPTIONS,
  allowPositionals: true,
});
if (positionals[0] !== 'seed:demo' || values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(values.help ? 0 : 2);
}
const count = Number(values.count ?? 60);
const seed = Number(values.seed ?? 1);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  process.stderr.write('Error: --count must be a whole number from 1 to 1000000.\n');
  process.exit(2);
}
runServiceCli('equipment', equipmentDatabase, async (dataSource) => {
  refuseDemoDataInProduction();
  const answer = await seedDemo(dataSource, count, Number.isFinite(seed) ? seed : 1);
  // Fresh statistics and visibility map: without them the first plans after a bulk load are poor.
  await dataSource.query(`VACUUM (ANALYZE) "equipment"."equipment", "equipment"."status_history"`);
  return answer;
});
