/**
 * What a migration does to the code already running: an "expand" step leaves the previous
 * release working on the new schema, a "contract" step may not. During a rolling deploy (and
 * after a rollback) the previous release's processes run on the schema the new release migrated,
 * so a release's migrations expand only, and remove what the release before it no longer uses
 * only in a step that says so (docs/running/migrations.md).
 *
 * The rule is read from the migration's source, not from a database: simple and strict, not a SQL
 * parser. SQL built by a helper the scan cannot see is for the previous-release test to catch
 * (infra/testing/faults/previous-release.fault-test.ts).
 */

/** The tag a contract step carries in a comment, followed by what the previous release no longer uses. */
export const CONTRACT_TAG = '@contract';

/**
 * What the previous release could trip over, each with why. Applied to the `up` of a migration
 * with comments removed.
 */
const CONTRACT_OPERATIONS: readonly { pattern: RegExp; why: string }[] = [
  {
    // DROP INDEX, DROP CONSTRAINT and DROP NOT NULL only loosen: the previous release's reads and
    // writes still succeed. DROP DEFAULT is not among them: its inserts may rely on the default.
    pattern: /\bDROP\s+(?!INDEX\b|CONSTRAINT\b|NOT\s+NULL\b)[A-Z]+(?:\s+VIEW)?/gi,
    why: 'removes what the previous release may read or write',
  },
  { pattern: /\bRENAME\b(?:\s+[A-Z]+)?/gi, why: 'the previous release still uses the old name' },
  {
    pattern: /\bALTER\s+(?:COLUMN\s+)?(?:"[^"]+"|\w+)\s+(?:SET\s+DATA\s+)?TYPE\b/gi,
    why: 'the previous release reads and writes the old type',
  },
  {
    // TypeORM's own schema calls, for a migration written without SQL.
    pattern: /\.(?:drop(?:Columns?|Table|Schema|View)|rename(?:Column|Table)|changeColumns?)\s*\(/g,
    why: 'removes, renames or retypes what the previous release uses',
  },
  {
    pattern: /\brenameStoredValues\b|\brenameValuesMigration\b/g,
    why: 'rewrites stored values the previous release reads and writes in their old spelling',
  },
];

/** Removes block, line and SQL comments, so prose about a DROP is not taken for one. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:])\/\/[^\n]*/g, '$1')
    .replace(/--[^\n'`]*/g, ' ');
}

/** The body of `up`: from its declaration to `down`'s, or to the end when there is no `down`. */
function upBody(source: string): string {
  const up = source.search(/\bup\s*\(/);
  if (up < 0) return source;
  const down = source.slice(up).search(/\bdown\s*\(/);
  return down < 0 ? source.slice(up) : source.slice(up, up + down);
}

/**
 * `ADD COLUMN … NOT NULL` without a DEFAULT: the previous release's inserts do not name the column,
 * so each would fail. Reads each added column's definition up to the comma that ends it (commas
 * inside parentheses, as in a CHECK, do not).
 */
function requiredColumnsWithoutDefault(sql: string): string[] {
  const found: string[] = [];
  const adds =
    /\bADD\s+(?!CONSTRAINT\b|PRIMARY\b|UNIQUE\b|CHECK\b|FOREIGN\b|EXCLUDE\b)(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?/gi;
  for (const match of sql.matchAll(adds)) {
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < sql.length; end += 1) {
      const char = sql[end];
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      if (depth < 0 || (depth === 0 && (char === ',' || char === ';' || char === '`'))) break;
    }
    const definition = sql.slice(match.index, end).replace(/\s+/g, ' ').trim();
    if (/\bNOT\s+NULL\b/i.test(definition) && !/\bDEFAULT\b|\bGENERATED\b/i.test(definition))
      found.push(`${definition}: the previous release's inserts do not name it (give it a DEFAULT)`);
  }
  return found;
}

/**
 * `SET NOT NULL` on a column the same step gives no DEFAULT: the previous release's inserts do not
 * name a column it does not know. With a DEFAULT (added with the column, or `SET DEFAULT`) they
 * get the default, which is the expand way to make a new column required.
 */
function requiredWithoutDefault(sql: string): string[] {
  const found: string[] = [];
  for (const match of sql.matchAll(/\bALTER\s+(?:COLUMN\s+)?("[^"]+"|\w+)\s+SET\s+NOT\s+NULL\b/gi)) {
    const column = match[1] as string;
    const named = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const defaulted =
      new RegExp(`\\bALTER\\s+(?:COLUMN\\s+)?${named}\\s+SET\\s+DEFAULT\\b`, 'i').test(sql) ||
      new RegExp(
        `\\bADD\\s+(?:COLUMN\\s+)?(?:IF\\s+NOT\\s+EXISTS\\s+)?${named}\\s[^,;]*\\bDEFAULT\\b`,
        'i',
      ).test(sql);
    if (!defaulted)
      found.push(
        `${column} SET NOT NULL: the previous release's inserts do not name it (give it a DEFAULT in the same step)`,
      );
  }
  return found;
}

/** The contract operations a migration's `up` performs, each as the text found and why it counts. */
export function contractOperations(source: string): string[] {
  const sql = upBody(withoutComments(source));
  const found = CONTRACT_OPERATIONS.flatMap(({ pattern, why }) =>
    [...sql.matchAll(pattern)].map((match) => `${match[0].replace(/\s+/g, ' ')}: ${why}`),
  );
  return [...new Set([...found, ...requiredColumnsWithoutDefault(sql), ...requiredWithoutDefault(sql)])];
}

/**
 * Whether the migration declares itself a contract step: `@contract` in a comment, followed by what
 * the previous release no longer uses (a bare tag says nothing a reviewer can check).
 */
export function declaresContract(source: string): boolean {
  return new RegExp(`${CONTRACT_TAG}[ \\t]+[^\\s*/]`).test(source);
}
