import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMAIN_SERVICES, type DomainService } from '@caliber/contracts';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
/** Processes in `services/` that own no domain: the API gateway, and the server each front end's image runs. */
const NOT_DOMAIN_SERVICES = ['gateway', 'web-server'];

/**
 * The registry (`DOMAIN_SERVICES`) is what the launcher, the test stacks and the gateway's health
 * check read, so it must match the folders: a service folder left out of it would never be
 * migrated, started or checked, and an entry without its folder would stop `npm start`.
 */
describe('the service registry matches the services folder', () => {
  it('lists every domain service folder (the gateway and the front ends’ web server are not domain services)', () => {
    const folders = readdirSync(join(root, 'services'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_DOMAIN_SERVICES.includes(entry.name))
      .map((entry) => entry.name)
      .sort();
    expect(DOMAIN_SERVICES.map((service) => service.name).sort()).toEqual(folders);
  });

  it.each(DOMAIN_SERVICES.map((service) => [service.name, service] as const))(
    '%s has what the launcher runs: a service project, main and CLI entries, its health port variable',
    (name, service) => {
      const project = JSON.parse(read(`services/${name}/project.json`)) as {
        name: string;
        tags: string[];
        targets: Record<string, unknown>;
      };
      expect(project.name).toBe(name);
      expect(project.tags).toContain('type:service');
      expect(Object.keys(project.targets)).toEqual(
        expect.arrayContaining(['build', 'typecheck', 'lint', 'test']),
      );
      expect(existsSync(join(root, `services/${name}/src/main.ts`))).toBe(true);
      expect(existsSync(join(root, `services/${name}/src/cli.ts`))).toBe(true);
      expect(read(`services/${name}/rspack.config.mjs`)).toMatch(/\bcli\b/);
      expect(read(`services/${name}/src/config.ts`)).toContain(service.healthPortVariable);
      const seed: DomainService['demoSeed'] = service.demoSeed;
      if (seed) expect(read(`services/${name}/src/cli.ts`)).toContain(seed.command);
    },
  );
});
