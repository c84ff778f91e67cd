/** The provider's own name, as its pages show it. */
export const PROVIDER_NAME = 'Caliber demo identity provider';

/** What the sign-in page says for an unknown login, a wrong password or a disabled person alike. */
export const SIGN_IN_REFUSED = 'Unknown login or wrong password.';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A page of the provider: plain HTML that reads at phone width and follows the system's light or
 * dark scheme; no script, so it behaves the same in every browser and under Playwright.
 */
function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · ${PROVIDER_NAME}</title>
<style>
  :root { color-scheme: light dark; --bg: #f4f6f8; --card: #ffffff; --text: #1b1f24; --muted: #57606a;
    --border: #c9d1d9; --accent: #0b5cad; --accent-text: #ffffff; --error: #b42318; }
  @media (prefers-color-scheme: dark) {
    :root { --bg: #0d1117; --card: #161b22; --text: #e6edf3; --muted: #9da7b3; --border: #30363d;
      --accent: #4493f8; --accent-text: #0d1117; --error: #ff7b72; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 26rem; margin: 0 auto; padding: 2rem 1rem; }
  .card { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 1.5rem; }
  h1 { font-size: 1.35rem; margin: 0 0 0.25rem; }
  p { margin: 0 0 1rem; color: var(--muted); }
  label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
  input { width: 100%; padding: 0.6rem 0.7rem; font: inherit; color: var(--text); background: var(--bg);
    border: 1px solid var(--border); border-radius: 6px; }
  input:focus, button:focus { outline: 2px solid var(--accent); outline-offset: 2px; }
  button { display: block; width: 100%; margin-top: 1.25rem; padding: 0.65rem; font: inherit; font-weight: 600;
    color: var(--accent-text); background: var(--accent); border: 0; border-radius: 6px; cursor: pointer; }
  button.secondary { color: var(--text); background: transparent; border: 1px solid var(--border); margin-top: 0.75rem; }
  .error { color: var(--error); font-weight: 600; margin: 1rem 0 0; }
  .note { font-size: 0.875rem; margin: 1.25rem 0 0; }
  code { font-size: 0.95em; }
</style>
</head>
<body>
<main>
<div class="card">
${body}
</div>
</main>
</body>
</html>`;
}

/** The sign-in form of an interaction, with the refusal when the last attempt failed. */
export function signInPage(action: string, clientName: string, login = '', refused = false): string {
  return page(
    'Sign in',
    `<h1>${PROVIDER_NAME}</h1>
<p>Sign in to continue to ${escapeHtml(clientName)}.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="login">Login</label>
  <input id="login" name="login" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" value="${escapeHtml(login)}" required${login ? '' : ' autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${login ? ' autofocus' : ''}>
  ${refused ? `<p class="error" role="alert">${SIGN_IN_REFUSED}</p>` : ''}
  <button type="submit">Sign in</button>
</form>
<p class="note">For development and tests only: sign in with a demo person's e-mail and the password <code>demo</code>.</p>`,
  );
}

/**
 * The confirmation of an RP-initiated logout. `form` is the provider's own (hidden) form carrying
 * its anti-forgery value; the buttons submit it by its id, "Sign out" with `logout=yes`.
 */
export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Sign out of the ${PROVIDER_NAME}?</h1>
<p>You are signing out of Caliber. Sign out of the demo directory as well?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

export function signedOutPage(): string {
  return page('Signed out', `<h1>Signed out</h1><p>You have signed out of the ${PROVIDER_NAME}.</p>`);
}

/** An error the provider answers with a page (a bad request, an expired sign-in). */
export function errorPage(heading: string, detail: string): string {
  return page(heading, `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(detail)}</p>`);
}
