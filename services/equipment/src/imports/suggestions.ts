import { listNameKey } from '@caliber/contracts';

/** How alike two names must be (shared letter triples over all of them) to be offered. */
const LEAST_SIMILARITY = 0.3;

function trigrams(name: string): Set<string> {
  const padded = `  ${listNameKey(name)} `;
  const grams = new Set<string>();
  for (let at = 0; at + 3 <= padded.length; at += 1) grams.add(padded.slice(at, at + 3));
  return grams;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** "ICU" for "Intensive Care Unit": the first letters of the words that are not "and", "of", "the". */
function initials(name: string): string {
  return listNameKey(name)
    .split(/[\s&/-]+/)
    .filter((word) => word && !['and', 'of', 'the'].includes(word))
    .map((word) => word[0])
    .join('');
}

interface PreparedName {
  name: string;
  grams: Set<string>;
  initials: string;
}

/** Each list's names with their letter triples and initials, made once per list (not per text asked). */
const prepared = new WeakMap<readonly string[], readonly PreparedName[]>();

function preparedNames(names: readonly string[]): readonly PreparedName[] {
  let found = prepared.get(names);
  if (!found) {
    found = names.map((name) => ({ name, grams: trigrams(name), initials: initials(name) }));
    prepared.set(names, found);
  }
  return found;
}

/**
 * The names of a list closest to what a file wrote, best first (at most `count`): a misspelling
 * ("Cardiolgy"), another spelling ("Intensive Care" for "Intensive Care Unit") or initials ("ICU").
 * Names alike by less than LEAST_SIMILARITY are not offered: a wrong guess misleads more than none.
 * The answer depends on the text only as the lists compare names (`listNameKey`).
 */
export function closestNames(written: string, names: readonly string[], count = 2): string[] {
  const wanted = trigrams(written);
  const compact = listNameKey(written).replace(/[^a-z0-9]/g, '');
  return preparedNames(names)
    .map(({ name, grams, initials: letters }) => ({
      name,
      score: compact.length >= 2 && letters === compact ? 1 : similarity(wanted, grams),
    }))
    .filter(({ score }) => score >= LEAST_SIMILARITY)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, count)
    .map(({ name }) => name);
}
