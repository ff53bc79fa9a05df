// Passkey and secure-verification calls: the WebAuthn ceremonies (browser side by @simplewebauthn/browser), the 2FA
// proof, the passkey status and its removal. The calls are silent: callers report failures with `passkeyErrorText`.
import { useQuery } from '@tanstack/react-query';
import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { securityProofHeader, type PasskeyCeremony, type PasskeyFinishRequest, type PasskeyRotation, type PasskeyStatus, type SecurityProof, type SecurityScope } from '@turnpike/contract';
import i18n from '../../i18n/i18n';
import { apiClient } from '../../lib/api-client';
import type { SessionUser } from '../../lib/session';
import { passkeyServerMessageKey } from './passkey-i18n';

/** The query key of GET /api/user/passkey. */
export const passkeyStatusKey = ['passkey-status'] as const;

/** Loads whether the user has a passkey and when it was last used. */
export function usePasskeyStatus() {
  return useQuery({ queryKey: passkeyStatusKey, queryFn: () => apiClient.get<PasskeyStatus>('/api/user/passkey') });
}

/** The headers that carry a proof (none without one). */
export const proofHeaders = (proof: string | null): Record<string, string> => (proof ? { [securityProofHeader]: proof } : {});

/** Registers a passkey on this device: begin, the browser's credentials.create(), finish (the session rotates). */
export async function registerPasskey(proof: string | null): Promise<PasskeyRotation> {
  const headers = proofHeaders(proof);
  const begin = await apiClient.post<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>>('/api/user/passkey/register/begin', {}, { headers, silent: true });
  const credential = await startRegistration({ optionsJSON: begin.options.publicKey });
  const body: PasskeyFinishRequest<RegistrationResponseJSON> = { flow_token: begin.flow_token, credential };
  return apiClient.post<PasskeyRotation>('/api/user/passkey/register/finish', body, { headers, silent: true });
}

/** Removes the user's passkey with a proof of scope passkey.delete (the session rotates). */
export function removePasskey(proof: string): Promise<PasskeyRotation> {
  return apiClient.delete<PasskeyRotation>('/api/user/passkey', { headers: proofHeaders(proof), silent: true });
}

/** Earns a proof for `scope` with the passkey: begin, the browser's credentials.get(), finish. */
export async function passkeyProof(scope: SecurityScope): Promise<SecurityProof> {
  const begin = await apiClient.post<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>>('/api/user/passkey/verify/begin', { scope }, { silent: true });
  const credential = await startAuthentication({ optionsJSON: begin.options.publicKey });
  const body: PasskeyFinishRequest<AuthenticationResponseJSON> = { flow_token: begin.flow_token, credential };
  return apiClient.post<SecurityProof>('/api/user/passkey/verify/finish', body, { silent: true });
}

/** Earns a proof for `scope` with a 2FA code. */
export function twoFactorProof(code: string, scope: SecurityScope): Promise<SecurityProof> {
  return apiClient.post<SecurityProof>('/api/verify', { method: '2fa', code, scope }, { silent: true });
}

/** Signs in with a discoverable passkey; answers the same user and bundle as a password sign-in. */
export async function passkeyLogin(): Promise<SessionUser> {
  const begin = await apiClient.post<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>>('/api/user/passkey/login/begin', {}, { silent: true });
  const credential = await startAuthentication({ optionsJSON: begin.options.publicKey });
  const body: PasskeyFinishRequest<AuthenticationResponseJSON> = { flow_token: begin.flow_token, credential };
  return apiClient.post<SessionUser>('/api/user/passkey/login/finish', body, { silent: true });
}

/** The text to show for a failed passkey or verification call, in the console's language. */
export function passkeyErrorText(error: unknown): string {
  if (error instanceof WebAuthnError || (error instanceof DOMException && error.name === 'NotAllowedError')) return i18n.t('passkey.cancelled');
  const message = error instanceof Error ? error.message : String(error);
  const key = passkeyServerMessageKey(message);
  return key ? i18n.t(`passkey.server.${key}`) : message;
}
