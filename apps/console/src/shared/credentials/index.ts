export { CredentialTable, type Ending } from './credential-table.tsx';
