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
};

/** The flags of one process of the stack (a replica's name without its `@n`). */
export function nodeFlagsOf(principal: string, entry: string): readonly string[] {
  return PROCESS_NODE_FLAGS[entry === 'main' ? principal : `${principal}-${entry}`] ?? [];
}
