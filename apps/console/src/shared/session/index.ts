export { roleLabel, rolesWith, useMay, useRole } from './permissions.ts';
export { queryClient } from './query-client.ts';
export { needsTotpCode, profileQuery, useAcceptInvite, useLogin, useLogout, useProfile } from './session.ts';
