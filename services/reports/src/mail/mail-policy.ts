/**
 * Where a report may be e-mailed: to the requester's own address on the staff roster, or to an
 * address at one of the deployment's `REPORT_MAIL_DOMAINS`. Anything else would let a signed-in
 * person use the hospital's mail server to send the hospital's figures (and a message that looks
 * like the hospital's) to any address. Checked when the report is asked for and again right before
 * it is sent, since the roster address may have changed meanwhile.
 */

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
export function mayMailTo(address: string, rosterEmail: string | null, domains: readonly string[]): boolean {
  const to = address.trim().toLowerCase();
  if (rosterEmail && to === rosterEmail.trim().toLowerCase()) return true;
  return domains.includes(domainOf(to));
}

/** "a.example", "a.example or b.example", "a.example, b.example or c.example". */
function domainList(domains: readonly string[]): string {
  const named = domains.slice(0, -1);
  const last = domains.at(-1) ?? '';
  return named.length ? `${named.join(', ')} or ${last}` : last;
}

/** Why a request's address is refused, told to the requester (their own roster address is theirs to see). */
export function mailRefusalMessage(rosterEmail: string | null, domains: readonly string[]): string {
  const elsewhere = domains.length ? ` or to an address at ${domainList(domains)}` : '';
  if (rosterEmail)
    return `Reports can be e-mailed only to your own address on the staff roster (${rosterEmail})${elsewhere}. Use it, or leave Email empty and download the report.`;
  return `Reports can be e-mailed only to your own address on the staff roster${elsewhere}, and the roster has no address for you. Ask an Engineer to add it, or leave Email empty and download the report.`;
}
