import { CONTRACT_KIND_LABELS, type Cover } from '@caliber/contracts';

/** What a cover says in one sentence, and its terms after it. */
export interface CoverWords {
  /** "Under warranty until 12 Mar 2027" / "Under a Full service contract with Philips until …". */
  headline: string;
  /** The terms worth knowing at a failed device: how fast the vendor comes, whether PM is theirs. */
  terms: string[];
}

/** Hours as a person says them: "8 hours", "2 days" (whole days from 48 hours). */
function responseTime(hours: number): string {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** A label inside a sentence: its first word lower-cased, unless it is an abbreviation ("PM only"). */
function inSentence(label: string): string {
  const [first = ''] = label.split(' ');
  return first === first.toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** `formatDate` writes a date as the screens do (the kit's, given by the caller). */
export function coverWords(cover: Cover, formatDate: (date: string) => string): CoverWords {
  const until = formatDate(cover.until);
  if (cover.source === 'warranty') return { headline: `Under warranty until ${until}`, terms: [] };
  const kind = cover.kind ? inSentence(CONTRACT_KIND_LABELS[cover.kind]) : 'service';
  const terms: string[] = [];
  if (cover.responseHours) terms.push(`Response within ${responseTime(cover.responseHours)}.`);
  if (cover.pmIncluded !== null)
    terms.push(cover.pmIncluded ? 'Planned maintenance included.' : 'Planned maintenance not included.');
  return {
    headline: `Under a ${kind} contract with ${cover.vendorName ?? 'a vendor'} until ${until}`,
    terms,
  };
}
