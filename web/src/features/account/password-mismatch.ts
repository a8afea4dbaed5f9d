/** The message the password schema sets when the confirmation differs; the form shows its own translated text. */
export const PASSWORDS_MISMATCH = 'passwords-mismatch';
