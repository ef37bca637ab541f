export type { AuditFilter } from './audit.ts';
export { AuditEntryCard, useAuditLog } from './audit-entry.tsx';
export { type HistoryEntity, HistoryPanel } from './history-panel.tsx';
