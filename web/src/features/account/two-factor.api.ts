import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorBackupCodes, TwoFactorDisableInput, TwoFactorSetup } from '@core/contracts/auth.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { refreshUser } from '@/lib/auth';

/** A new secret to scan (a set-up started again replaces the last one). */
export function useStartTwoFactorSetup() {
  return useMutation<TwoFactorSetup, ApiError, void>({
    mutationFn: () => apiRequest<TwoFactorSetup>('POST', '/api/user/2fa/setup'),
  });
}

/**
 * Confirms the set-up with a first code and answers the backup codes. The signed-in user is read
 * again only when the codes have been put away (`refreshUser` after closing): reading it at once
 * would take a user held at the set-up screen off it before the codes were shown.
 */
export function useEnableTwoFactor() {
  return useMutation<TwoFactorBackupCodes, ApiError, { code: string }>({
    mutationFn: (body) => apiRequest<TwoFactorBackupCodes>('POST', '/api/user/2fa/enable', body),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, TwoFactorDisableInput>({
    mutationFn: (body) => apiRequest<void>('POST', '/api/user/2fa/disable', body),
    // A wrong password is an answer about the form, not an expired session.
    meta: { expects401: true },
    onSuccess: () => refreshUser(queryClient),
  });
}
