export { roleLabel, rolesWith, useMay, useRole } from './permissions.ts';
export { errorMessage, queryClient } from './query-client.ts';
export { needsTotpCode, profileQuery, useAcceptInvite, useLogin, useLogout, useProfile } from './session.ts';
export { TwoFactorSetup } from './two-factor-setup.tsx';
