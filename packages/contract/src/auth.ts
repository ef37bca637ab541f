import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id, Ok, Timestamp } from './common.ts';
import { ROLES } from './permissions.ts';

export const UserRole = z.enum(ROLES);

/** A staff account (api.md, "Staff accounts and roles"); `GET /api/auth/user/` answers the signed-in one. */
export const User = z.object({
  id: Id,
  email: z.email(),
  name: z.string(),
  role: UserRole,
  is_active: z.boolean(),
  totp_enabled: z.boolean(),
  last_sign_in_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** Two-factor is required for everyone and this account has not set it up: only setting it up is open. */
  totp_setup_required: z.boolean().optional(),
});
export type User = z.infer<typeof User>;

export const Email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email').max(254));

/** At least 10 characters (api.md); the server also refuses commonly breached passwords. */
export const NewPassword = z.string().min(10, 'At least 10 characters').max(1024, 'At most 1,024 characters');

/** A TOTP code (6 digits) or a recovery code (spaces and dashes ignored). */
export const TotpCode = z
  .string()
  .trim()
  .min(6, 'Enter the 6-digit code')
  .max(32)
  .transform((v) => v.replace(/[\s-]/g, ''));

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1, 'Enter the password').max(1024),
  /** Asked for when two-factor is on: a right password without it answers 401 with `totp_required`. */
  code: TotpCode.optional(),
});
export type LoginBody = z.input<typeof LoginBody>;

export const LoginAnswer = z.object({ token: z.string(), user: User });

export const AcceptInviteBody = z.object({ token: z.string().min(1).max(200), password: NewPassword });
export const ChangePasswordBody = z.object({
  current_password: z.string().min(1, 'Enter the current password').max(1024),
  new_password: NewPassword,
  /** Also end every API token of the account, for good (issue 28): for a password that may have leaked. */
  end_api_tokens: z.boolean().optional(),
});
export const ProfileBody = z.object({ name: z.string().trim().min(1).max(200) });

export const Session = z.object({
  id: Id,
  created_at: Timestamp,
  last_used_at: Timestamp,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof Session>;
export const RevokeSessionBody = z.union([z.object({ id: Id }), z.object({ others: z.literal(true) })]);

export const TotpSetupAnswer = z.object({ secret: z.string(), otpauth_url: z.string() });
export const TotpEnableBody = z.object({ code: TotpCode });
export const TotpEnableAnswer = z.object({ recovery_codes: z.array(z.string()) });
export const TotpDisableBody = z.object({ password: z.string().min(1, 'Enter the password').max(1024) });

export const authCalls = {
  login: call({
    ...addresses.auth.login,
    summary: 'Sign in; answers a bearer token and sets the session cookie',
    body: LoginBody,
    response: LoginAnswer,
  }),
  user: call({ ...addresses.auth.user, summary: 'The signed-in user', response: User }),
  logout: call({ ...addresses.auth.logout, summary: 'Revoke the session', response: Ok }),
  acceptInvite: call({
    ...addresses.auth.acceptInvite,
    summary: 'Choose a password through an invite or reset link; signs in as login does',
    body: AcceptInviteBody,
    response: LoginAnswer,
  }),
  changePassword: call({
    ...addresses.auth.changePassword,
    summary: 'Change own password (the current one required); other sessions end, API tokens too on request',
    body: ChangePasswordBody,
    response: Ok,
  }),
  updateProfile: call({
    ...addresses.auth.updateProfile,
    summary: 'Change own name',
    body: ProfileBody,
    response: User,
  }),
  sessions: call({
    ...addresses.auth.sessions,
    summary: 'Own sessions',
    body: z.object({}),
    response: z.array(Session),
  }),
  revokeSession: call({
    ...addresses.auth.revokeSession,
    summary: 'Sign out one own session, or every other one',
    body: RevokeSessionBody,
    response: Ok,
  }),
  totpSetup: call({
    ...addresses.auth.totpSetup,
    summary: 'Start two-factor set-up: a new secret to scan',
    body: z.object({}),
    response: TotpSetupAnswer,
  }),
  totpEnable: call({
    ...addresses.auth.totpEnable,
    summary: 'Turn two-factor on with a code from the app; answers ten recovery codes, shown once',
    body: TotpEnableBody,
    response: TotpEnableAnswer,
  }),
  totpDisable: call({
    ...addresses.auth.totpDisable,
    summary: 'Turn two-factor off (the password required)',
    body: TotpDisableBody,
    response: Ok,
  }),
};
