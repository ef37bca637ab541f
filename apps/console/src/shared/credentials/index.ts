export { CredentialTable, type Ending } from './credential-table.tsx';
export { useRevokeCredential } from './revoke.ts';
