import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root: the checkout whose history holds the previous release. */
export const REPOSITORY_ROOT = resolve(__dirname, '..', '..');

/** `previous.json`: the last release that landed, named by its commit. */
export interface ReleaseRecord {
  commit: string;
  landedAt: string;
  summary: string;
}

export const RELEASE_RECORD_PATH = join(__dirname, 'previous.json');

export function readPreviousRelease(): ReleaseRecord {
  const record = JSON.parse(readFileSync(RELEASE_RECORD_PATH, 'utf8')) as Partial<ReleaseRecord>;
  if (typeof record.commit !== 'string' || !/^[0-9a-f]{40}$/.test(record.commit))
    throw new Error(`${RELEASE_RECORD_PATH}: "commit" must be a full 40-character commit sha.`);
  return {
    commit: record.commit,
    landedAt: String(record.landedAt ?? ''),
    summary: String(record.summary ?? ''),
  };
}

/** Runs git in the repository; its output, or an Error naming the command and git's complaint. */
export function git(args: readonly string[]): string {
  const result = spawnSync('git', [...args], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`git ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`git ${args.join(' ')} failed (exit ${result.status}): ${result.stderr.trim()}`);
  return result.stdout;
}

/**
 * The previous release's commit, once this clone is known to hold it. A shallow clone (CI's
 * default) does not: the error says how to fetch it rather than failing later on a git message.
 */
export function previousReleaseCommit(): string {
  const { commit } = readPreviousRelease();
  const found = spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: REPOSITORY_ROOT });
  if (found.status === 0) return commit;
  const shallow = spawnSync('git', ['rev-parse', '--is-shallow-repository'], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
  });
  const why =
    shallow.status !== 0
      ? `${REPOSITORY_ROOT} is not a git checkout`
      : shallow.stdout.trim() === 'true'
        ? 'this is a shallow clone'
        : 'this clone does not have it';
  throw new Error(
    [
      `The previous release's commit ${commit} (infra/releases/previous.json) is not in this clone's history: ${why}.`,
      'The previous-release test builds that commit, and the migration guard compares against it. Fetch it with',
      `  git fetch --no-tags origin ${commit}`,
      'or fetch the whole history with `git fetch --unshallow` (in CI: a checkout with fetch-depth 0).',
    ].join('\n'),
  );
}
