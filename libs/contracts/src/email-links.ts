/**
 * The web app's page a confirmation link opens (`?token=…`). In a file of its own, without zod:
 * the shell's routes name it, and the sign-in page must not download the validation library.
 */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
