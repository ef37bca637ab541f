// What other modules may use of the auth module (docs/decisions/006-architecture-in-lint.md).
export { clearSignInFailures } from './login-throttle.ts';
export { createPasswordToken, NO_PASSWORD } from './password-links.ts';
export { turnOffTotp } from './second-factor.ts';
export { sessionGuard } from './session-guard.ts';
export {
  API_TOKEN_PREFIX,
  hashToken,
  newToken,
  revokeUserApiTokens,
  revokeUserSessions,
  type SessionUser,
} from './sessions.ts';
export { userColumns, viewOf } from './user-view.ts';
