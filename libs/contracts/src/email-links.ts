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
