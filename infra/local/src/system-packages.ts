import { execFileSync, spawnSync } from 'node:child_process';

export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Makes sure each command is on PATH, installing its Debian package with apt when it is missing
 * and we run as root; otherwise stops with what to do instead.
 */
export function ensureCommands(needs: { command: string; aptPackage: string; alternative: string }[]): void {
  const missing = needs.filter((need) => !commandExists(need.command));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((m) => m.aptPackage))];
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    const lines = missing.map(
      (m) => `  - ${m.command}: install the "${m.aptPackage}" package, or ${m.alternative}`,
    );
    throw new Error(
      `Missing programs:\n${lines.join('\n')}\n(e.g. sudo apt-get install -y ${packages.join(' ')})`,
    );
  }
  process.stdout.write(`Installing ${packages.join(', ')} with apt-get…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
}
