/**
 * The web app's page a confirmation link opens (`?token=…`). In a file of its own, without zod:
 * the shell's routes name it, and the sign-in page must not download the validation library.
 */
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/**
 * The web app's page the hospital's identity provider sends the browser back to (its redirect
 * URI): it hands the provider's answer to `POST /api/auth/sso/finish`. Here, without zod, for the
 * same reason as the confirmation page.
 */
export const SSO_CALLBACK_PATH = '/login/sso';

/**
 * The web app's page the link in every notification e-mail opens (`?token=…`): it asks before it
 * turns that kind of e-mail off (a mail scanner that follows links turns nothing off). Here,
 * without zod, for the same reason as the confirmation page.
 */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** What the unsubscribe page and the notifying service say of a link that names nobody. */
export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Change your notifications in Settings.';
