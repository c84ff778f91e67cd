/**
 * Waits for a condition instead of a fixed time: on two shared cores a fixed sleep is either too
 * short (flaky) or too long (slow). Checks every `intervalMs` until `condition` holds or
 * `timeoutMs` passes, then fails with `what`.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 5000, intervalMs = 20, what = 'the condition' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
