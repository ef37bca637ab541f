import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id, Ok } from './common.ts';

export const User = z.object({ id: Id, email: z.email(), name: z.string() });
export type User = z.infer<typeof User>;

export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email').max(254)),
  password: z.string().min(1, 'Enter the password').max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginAnswer = z.object({ token: z.string(), user: User });

export const authCalls = {
  login: call({
    ...addresses.auth.login,
    summary: 'Sign in; answers a bearer token and sets the session cookie',
    body: LoginBody,
    response: LoginAnswer,
  }),
  user: call({ ...addresses.auth.user, summary: 'The signed-in user', response: User }),
  logout: call({ ...addresses.auth.logout, summary: 'Revoke the session', response: Ok }),
};
