/** One changed field of an audit entry: its value before and after (undefined when absent). */
export interface AuditChange {
  key: string;
  before?: unknown;
  after?: unknown;
}

/**
 * auditChanges lists the fields an audit entry's before and after differ in
 * (every field of a side alone); the admins' log and a festival's activity
 * show them.
 */
export function auditChanges(e: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }): AuditChange[] {
  const before = e.before ?? {};
  const after = e.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ key: k, before: before[k], after: after[k] }));
}

/** shortAuditValue renders a JSON value compactly, cut at 60 characters ('' for none). */
export function shortAuditValue(v: unknown): string {
  if (v === undefined) return '';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}
