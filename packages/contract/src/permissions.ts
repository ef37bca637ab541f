/**
 * Who may do what: the table of api.md ("Staff accounts and roles"), written once. The server checks every call
 * against it (a refusal is 403 with the sentence of permission-words.ts); the console hides what a role may not use and shows
 * read-only forms where it may read but not change. Zod-free, so the console's first load carries it.
 */
export const ROLES = ['admin', 'editor', 'marketing', 'analyst'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  editor: 'Editor',
  marketing: 'Marketing',
  analyst: 'Analyst',
};

/** The permissions and the roles that have each. */
export const PERMISSIONS = {
  /** Open without a session: sign-in, accepting an invite, view ingestion (it has its own keys). */
  public: ROLES,
  /** Own account: profile, password, sessions, two-factor, own API tokens. */
  self: ROLES,
  read: ROLES,
  catalogue: ['admin', 'editor'],
  marketing: ['admin', 'marketing'],
  images: ['admin', 'editor', 'marketing'],
  report: ['admin', 'analyst'],
  staff: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function may(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
