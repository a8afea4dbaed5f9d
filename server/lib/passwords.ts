import { hash, verify } from '@node-rs/argon2';
import { passwordProblem } from '../../core/rules/password-policy.ts';
import { invalidFields } from './app-error.ts';

/** argon2id (the library's default algorithm) with its recommended cost. */
export const hashPassword = (password: string) => hash(password);

// A real hash to verify against when the username does not exist, so both cases take as long.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// The common and breached passwords list (about 49,000 entries), loaded at the first password set.
let commonPasswords: Promise<ReadonlySet<string>> | null = null;
const loadCommonPasswords = async (): Promise<ReadonlySet<string>> => {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
};

/**
 * Refuses a new password that is on the common list, repetitive or the username (400 naming the
 * field), before it is hashed.
 */
export async function checkNewPassword(password: string, field: string, username?: string): Promise<void> {
  commonPasswords ??= loadCommonPasswords();
  const problem = passwordProblem(password, { username, common: await commonPasswords });
  if (problem) throw invalidFields([{ path: field, message: problem }]);
}
