/**
 * A LIKE pattern finding `text` anywhere in a lower-cased column: the search is lower-cased, and
 * `%`, `_` and `\` typed by a person are matched literally rather than as wildcards.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
