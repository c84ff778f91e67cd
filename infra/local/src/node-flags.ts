/**
 * Node flags a process of the stack starts with, beyond `--enable-source-maps`, by process
 * (`<service>` or `<service>-<worker>`). The Kubernetes manifests start the same processes with
 * the same flags (`infra/k8s/manifests.spec.ts` checks it).
 */
export const PROCESS_NODE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  // The report worker writes a large file in one go now and then and is idle between: V8's
  // default heap growth (a throughput setting) let the garbage of one report reach 370 to 400 MB
  // resident before V8 collected it, though the worker's live heap is about 32 MB. V8's memory
  // setting collects sooner and grows the heap by less; a heap ceiling (--max-old-space-size)
  // would do it too, but turn a report that truly needs more into a crash of the worker and
  // the other report it is writing. Measured in docs/developing/report-memory.md.
  'reports-worker': ['--optimize-for-size'],
  // The gateway streams files (a 100 MB manual up and down) in 64 KB reads, each a new buffer whose
  // small JavaScript object fills V8's young generation late, so the buffers' memory was freed
  // late: +98 MB resident during the manual beside the list with the default (16 MB) young
  // generation, +24 MB with a 1 MB one, which collects them within a few reads; the gateway is
  // smaller overall (251 MB before the manual instead of 306 MB) and the list served more
  // requests a second, at the same p99. Measured in docs/developing/benchmarks.md ("Documents").
  gateway: ['--max-semi-space-size=1'],
};

/** The flags of one process of the stack (a replica's name without its `@n`). */
export function nodeFlagsOf(principal: string, entry: string): readonly string[] {
  return PROCESS_NODE_FLAGS[entry === 'main' ? principal : `${principal}-${entry}`] ?? [];
}
