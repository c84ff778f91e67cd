/**
 * Where a report may be e-mailed: to the requester's own address on the staff roster once they
 * have confirmed it (identity mailed it a link, and they opened it), or to an address at one of
 * the deployment's `REPORT_MAIL_DOMAINS`. Anything else would let a signed-in person use the
 * hospital's mail server to send the hospital's figures (and a message that looks like the
 * hospital's) to any address: an address a person merely typed into their profile, or one someone
 * else put on the roster, proves nothing. Checked when the report is asked for and again right
 * before it is sent, since the roster address and its confirmation may have changed meanwhile.
 * The rules of addresses are told in docs/using/email-addresses.md.
 */

/** The requester's address as identity answers it now (`identity.users.standing`). */
export interface RosterAddress {
  email: string | null;
  /** Whether the person proved `email` is theirs. */
  emailConfirmed: boolean;
}

/** The domain of an address, lower-cased (what follows its last `@`). */
export function domainOf(address: string): string {
  return address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/**
 * Whether `address` may receive the report. A domain allows exactly its own addresses, not its
 * subdomains' (`x@mail.hospital.example` needs `mail.hospital.example` listed).
 */
export function mayMailTo(address: string, roster: RosterAddress, domains: readonly string[]): boolean {
  const to = address.trim().toLowerCase();
  if (domains.includes(domainOf(to))) return true;
  return roster.emailConfirmed && roster.email !== null && to === roster.email.trim().toLowerCase();
}

/** "a.example", "a.example or b.example", "a.example, b.example or c.example". */
function domainList(domains: readonly string[]): string {
  const named = domains.slice(0, -1);
  const last = domains.at(-1) ?? '';
  return named.length ? `${named.join(', ')} or ${last}` : last;
}

/**
 * Why a request's address is refused, told to the requester with what to do (their own roster
 * address is theirs to see): use the confirmed address, or confirm one from Settings.
 */
export function mailRefusalMessage(roster: RosterAddress, domains: readonly string[]): string {
  const elsewhere = domains.length ? ` or to an address at ${domainList(domains)}` : '';
  if (roster.email && roster.emailConfirmed)
    return `Reports can be e-mailed only to your own confirmed address (${roster.email})${elsewhere}. Use it, or leave Email empty and download the report.`;
  const yours = roster.email ? `yours (${roster.email}) is not confirmed yet` : 'you have none';
  return `Reports can be e-mailed only to your own confirmed address${elsewhere}, and ${yours}. To confirm one, enter it under Profile in Settings (or choose Send again there) and open the link it e-mails you; or leave Email empty and download the report.`;
}
