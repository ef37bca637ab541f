// What other modules may use of the auth module (docs/decisions/006-architecture-in-lint.md).
export {
  API_TOKEN_PREFIX,
  clearSignInFailures,
  createPasswordToken,
  hashToken,
  NO_PASSWORD,
  newToken,
  revokeUserSessions,
  type SessionUser,
  userColumns,
  viewOf,
} from './data.ts';
export { turnOffTotp } from './second-factor.ts';
