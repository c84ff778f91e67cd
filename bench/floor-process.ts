// A floor server in a process of its own, so the profile can count its CPU apart from the load
// generator's: `node --import tsx bench/floor-process.ts <database url> <equipment|tasks>`.
// Prints its URL on one line once it listens; stops on SIGTERM.
import { startFloorServer } from './floor-server';
import { taskPage } from './task-floor';

async function main(): Promise<void> {
  const [databaseUrl, list] = process.argv.slice(2);
  if (!databaseUrl || (list !== 'equipment' && list !== 'tasks'))
    throw new Error('usage: floor-process.ts <database url> <equipment|tasks>');
  const floor = await startFloorServer(databaseUrl, 20, list === 'tasks' ? taskPage : undefined);
  process.stdout.write(`${floor.url}\n`);
  process.once('SIGTERM', () => {
    void floor.stop().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
