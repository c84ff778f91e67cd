import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';

/*
 * The contracts read bottom-up: each file builds only on files below it, and the primitives every
 * contract shares (calendar dates, record ids, roles, page sizes…) sit at the bottom and build on
 * nothing. An import circle among them (as equipment → risk → form-fields → equipment once was)
 * means no file can be read, changed or loaded on its own: which one initialises first depends on
 * who imported whom, and a value read across the circle at load time is undefined. Type-only
 * imports count too: they are what pulls a file into the circle the next time one becomes a value.
 */

const here = __dirname;

type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every contracts source file (tests aside), by its path below `src`, with the contracts files it imports. */
function contractsImportGraph(): ImportGraph {
  const files = readdirSync(here, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.(spec|int-spec)\.tsx?$/.test(file))
    .sort();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(here, file), 'utf8');
    // Every `import`, `import type`, `export … from` and `import()` of the file.
    const imported = ts.preProcessFile(text, true, false).importedFiles.map((entry) => entry.fileName);
    const targets = imported
      .filter((name) => name.startsWith('.'))
      .map((name) => {
        const base = relative(here, normalize(join(here, dirname(file), name)))
          .split('\\')
          .join('/');
        const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((path) => known.has(path));
        if (!found) throw new Error(`${file} imports ${name}, which is no contracts file`);
        return found;
      });
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * Each elementary import circle once, from its alphabetically first file, as 'a.ts → b.ts → a.ts'.
 * A circle through a file is searched only among files after it, so no circle is found twice.
 */
function importCycles(graph: ImportGraph): string[] {
  const cycles: string[] = [];
  for (const start of [...graph.keys()].sort()) {
    const path = [start];
    const walk = (file: string) => {
      for (const next of graph.get(file) ?? []) {
        if (next === start) cycles.push([...path, start].join(' → '));
        else if (next > start && !path.includes(next)) {
          path.push(next);
          walk(next);
          path.pop();
        }
      }
    };
    walk(start);
  }
  return cycles;
}

/*
 * The leaves: the primitives the other contracts share. Each imports no other contracts file, so
 * any contract may build on them without closing a circle.
 */
const LEAVES: Readonly<Record<string, string>> = {
  'dates.ts': 'calendar dates: one definition for every date field of every contract',
  'ids.ts': 'the form of a record id, which every contract naming a record checks',
  // The shell's sign-in bundle reads the roles and must not carry zod: roles.ts imports nothing
  // at all, so no contracts file can bring zod (or anything else) into that bundle through it.
  'roles.ts': 'staff roles and who may do what',
  'limits.ts': 'the sign-in code, page sizes, themes and the other fixed limits',
  'paging.ts': 'the page, limit and search parameters of every list',
  'departments.ts': 'the department field of equipment, staff and reports',
  'udi.ts': 'reading the device identifier (UDI) on a label',
  'base64.ts': 'the check on the text of every uploaded file',
};

describe('The contracts import graph', () => {
  const graph = contractsImportGraph();

  it('reads every file the barrel exports, the leaves among them', () => {
    const exported = graph.get('index.ts') ?? [];
    expect(exported).toEqual(expect.arrayContaining(Object.keys(LEAVES)));
    expect(exported.filter((file) => !graph.has(file))).toEqual([]);
    expect(exported.length).toBeGreaterThan(40);
  });

  it('has no import circle among the contracts', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('names each circle it finds, each once', () => {
    // The circles the contracts once had, between six files.
    const once: ImportGraph = new Map([
      ['equipment.ts', ['dates.ts', 'risk.ts', 'trust.ts']],
      ['form-fields.ts', ['equipment.ts', 'ids.ts']],
      ['reports.ts', ['equipment.ts', 'ids.ts']],
      ['risk.ts', ['form-fields.ts']],
      ['trust.ts', ['users.ts']],
      ['users.ts', ['reports.ts', 'roles.ts']],
      ['dates.ts', []],
      ['ids.ts', []],
      ['roles.ts', []],
    ]);
    expect(importCycles(once)).toEqual([
      'equipment.ts → risk.ts → form-fields.ts → equipment.ts',
      'equipment.ts → trust.ts → users.ts → reports.ts → equipment.ts',
    ]);
    expect(importCycles(new Map([['a.ts', ['a.ts']]]))).toEqual(['a.ts → a.ts']);
  });

  it.each(Object.entries(LEAVES))('keeps %s a leaf: %s imports no other contracts file', (leaf) => {
    expect(graph.get(leaf)).toEqual([]);
  });

  it('keeps roles.ts free of every import, zod included', () => {
    const text = readFileSync(join(here, 'roles.ts'), 'utf8');
    expect(ts.preProcessFile(text, true, false).importedFiles.map((entry) => entry.fileName)).toEqual([]);
  });
});
