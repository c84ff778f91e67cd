import type { OpenFault } from '@caliber/contracts';

/** The hint's heading: how many open fault reports the device already has. */
export function openFaultsHeading(total: number): string {
  return total === 1
    ? 'This device already has an open fault report'
    : `This device already has ${total} open fault reports`;
}

/** When the fault was reported, and by whom when a person reported it (an engineer's task names none). */
export function reportedLine(fault: Pick<OpenFault, 'reportedBy'>, when: string): string {
  return `Reported ${when}${fault.reportedBy ? ` by ${fault.reportedBy.name}` : ''}`;
}
