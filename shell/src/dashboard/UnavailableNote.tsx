/**
 * What a part of the dashboard says when its service did not answer: that it is unavailable, and
 * the gateway's reason (`unavailable[part]`), so nobody mistakes a missing figure for a zero.
 */
export function UnavailableNote({ what, reason }: { what: string; reason: string | undefined }) {
  return (
    <p className="dashboard-unavailable">
      <strong>{what} unavailable.</strong> {reason?.trim() || 'No reason was given.'}
    </p>
  );
}
