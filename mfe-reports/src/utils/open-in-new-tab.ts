/**
 * Opens `href` in a new tab, cut off from this page (no `window.opener`). Answers whether the
 * browser let it open: a tab opened long after the click (a report the server waited for) may be
 * blocked, and the dialog then offers the link itself.
 */
export function openInNewTab(href: string): boolean {
  // Not with the 'noopener' feature: window.open then answers null even when the tab opened.
  const opened = window.open(href, '_blank');
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // A tab of another origin refuses the change; it has no hold on this page anyway.
  }
  return true;
}
