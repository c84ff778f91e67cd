import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DOMAIN_SERVICES, type DomainService } from '@caliber/contracts';
import { serviceEntry } from '@caliber/local-stack';

// Each service's demo seed, run as an operator would from its built CLI against the run's database.
describe('demo data in production', () => {
  it.each(
    DOMAIN_SERVICES.flatMap((service) => {
      const seed: DomainService['demoSeed'] = service.demoSeed;
      return seed ? [[service.name, seed.command] as const] : [];
    }),
  )('%s %s is refused', (name, command) => {
    const cli = serviceEntry(name, 'cli');
    if (!existsSync(cli)) throw new Error(`${cli} is missing: build first (npx nx run-many -t build)`);
    const run = spawnSync(process.execPath, [cli, command], {
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Error: Demo data is refused when NODE_ENV=production');
    expect(run.stdout).toBe('');
  });
});
