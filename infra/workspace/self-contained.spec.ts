import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/**
 * The repository explains itself to someone who has only it: a comment states the rule and why,
 * and never sends the reader to a section of a document that is not in the repository.
 */
const OUTSIDE_REFERENCES = [
  /\bspec(ification)?\s+(section|§)\s*\d/i,
  /§\s*\d/,
  /product-spec/i,
  /\.\.\/shared\//,
  /\b(ARCHITECTURE|STYLE)\.md\b/,
];

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|js|css|html|md|json|yaml|yml)$/.test(file))
    .filter(
      (file) => !file.endsWith('package-lock.json') && file !== 'infra/workspace/self-contained.spec.ts',
    );
}

describe('the repository explains itself', () => {
  it('cites no document outside it', () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (OUTSIDE_REFERENCES.some((pattern) => pattern.test(line)))
          found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
