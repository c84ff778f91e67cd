import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const DOCS = join(ROOT, 'docs');

/** Every Markdown page under docs/, by its path from docs/ (`using/recalls.md`). */
function pages(dir = DOCS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pages(path);
    return entry.name.endsWith('.md') ? [relative(DOCS, path).split('\\').join('/')] : [];
  });
}

/*
 * The documentation is read from its index: a page the index does not link is a page nobody finds.
 * (The Markdown link check in `npm test` makes sure every link resolves; this, that none is missing.)
 */
describe('docs/index.md', () => {
  it('links every page of docs/', () => {
    const index = readFileSync(join(DOCS, 'index.md'), 'utf8');
    const linked = new Set(
      [...index.matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)].map(([, target]) => target),
    );
    expect(pages().filter((page) => page !== 'index.md' && !linked.has(page))).toEqual([]);
  });
});
