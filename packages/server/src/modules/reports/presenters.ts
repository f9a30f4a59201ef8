import type { ReportRow, RoomReportView, SharedReportView } from '@charter/domain';
import type { roomReports, sharedReports } from '../../db/schema/index.ts';
import type { ReportDefinition } from './catalogue.ts';

type SharedRow = typeof sharedReports.$inferSelect;
type RoomReportRow = typeof roomReports.$inferSelect;

export const presentSharedReport = (row: SharedRow): SharedReportView => ({
  id: row.id,
  feature_type_id: row.reportKey,
  is_active: row.isActive,
  metadata: { resource_id: row.metadata?.resource_id ?? [] },
  updated_at: row.updatedAt.toISOString(),
});

export const presentColumns = (d: ReportDefinition) => d.columns.map((c) => ({ ...c }));

export const presentRoomReport = (
  row: RoomReportRow,
  d: ReportDefinition | undefined,
  rows: ReportRow[],
): RoomReportView => ({
  id: row.id,
  feature_type_id: row.reportKey,
  question_label: d?.label ?? row.reportKey,
  user_only: row.userOnly,
  has_email: (d?.emailKeys.length ?? 0) > 0,
  position: row.position,
  feature_types: d ? presentColumns(d) : [],
  rows,
});
