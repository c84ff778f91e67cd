import type { DashboardResponse } from '@caliber/contracts';
import { peakMb, resetPeak } from './reports';

export interface DashboardCostOfServiceTiming {
  /** Seconds from the day's first dashboard (which queues the figure) to the figure being kept. */
  seconds: number;
  /** The worker's peak resident memory while it worked the figure out, in MB. */
  peakMb: number | null;
  peakOfThisFigure: boolean;
  devices: number;
}

/** Far beyond the seconds it takes: a worker that never takes the job ends the bench, not hangs it. */
const DEADLINE_MS = 10 * 60_000;

async function costOfService(baseUrl: string, token: string) {
  const answer = await fetch(`${baseUrl}/api/dashboard`, { headers: { authorization: `Bearer ${token}` } });
  if (answer.status !== 200)
    throw new Error(`The dashboard answered ${answer.status}: ${await answer.text()}`);
  const part = ((await answer.json()) as DashboardResponse).costOfService;
  if (part === undefined)
    throw new Error('The bench user does not read costs: the dashboard has no cost of service');
  if (part === null) throw new Error('The reports service did not answer the dashboard');
  return part;
}

/**
 * The Managers' dashboard figure over the generated inventory: the first dashboard of the day of
 * someone who reads costs queues it, and a report worker reads every device and its year of work
 * (as the Cost of service report does) and keeps it. Measured before the dashboard's own timings,
 * which it would otherwise run beside. Null when the day's figure was kept already.
 */
export async function measureDashboardCostOfService(
  baseUrl: string,
  token: string,
  workerPid: number,
): Promise<DashboardCostOfServiceTiming | null> {
  const peakOfThisFigure = resetPeak(workerPid);
  const started = Date.now();
  let part = await costOfService(baseUrl, token);
  if (part.current) return null;
  while (!part.current) {
    if (part.failed)
      throw new Error(
        "The dashboard's cost of service could not be worked out (the reports worker's log says why)",
      );
    if (Date.now() - started > DEADLINE_MS)
      throw new Error(`The dashboard's cost of service was not worked out in ${DEADLINE_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    part = await costOfService(baseUrl, token);
  }
  const figure = part.figure;
  return {
    seconds: (Date.now() - started) / 1000,
    peakMb: peakMb(workerPid),
    peakOfThisFigure,
    devices: figure ? figure.devicesWithCost + figure.devicesWithoutCost : 0,
  };
}

export function printDashboardCostOfService(
  timing: DashboardCostOfServiceTiming | null,
  say: (line: string) => void,
): void {
  say("\nThe dashboard's cost of service: the year's figure worked out by one report worker");
  if (!timing) {
    say("  today's figure was kept already: not measured");
    return;
  }
  say(
    `  ${timing.devices.toLocaleString('en-US')} devices: ${timing.seconds.toFixed(1)} s, worker peak ${
      timing.peakMb === null ? '—' : `${timing.peakMb.toFixed(0)} MB`
    }${timing.peakOfThisFigure ? '' : ' (peak since the worker started)'}`,
  );
}
