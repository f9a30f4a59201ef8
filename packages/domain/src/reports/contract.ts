import { z } from 'zod';
import { rowId, rowIdParam } from '../contract/common.ts';

export * from './display.ts';
export * from './messages.ts';

/**
 * Report tables (spec 3 §3 Report): a resource_list question of a project template, keyed
 * `{templateId}.{questionId}` (the spec's feature_type_id). Its columns are the question's fields, its rows
 * the resources the workspace's task groups of that template list for it.
 */
export const REPORT_KEY = /^[a-z0-9][a-z0-9_-]*\.[a-z0-9][a-z0-9_-]*$/;
export const reportKey = z.string().max(200).regex(REPORT_KEY, 'Invalid report');

export const reportColumn = z.object({ key: z.string(), label: z.string(), type: z.string() });
export type ReportColumn = z.infer<typeof reportColumn>;

export const reportRow = z.object({
  resource_id: z.number(),
  created_at: z.string(),
  values: z.record(z.string(), z.string()),
});
export type ReportRow = z.infer<typeof reportRow>;

/** The rows (resource ids) a shared report shows; empty means all of them. */
export const reportMetadata = z.object({ resource_id: z.array(rowId).max(10_000).default([]) });

export const sharedReportView = z.object({
  id: z.number(),
  feature_type_id: z.string(),
  is_active: z.boolean(),
  metadata: z.object({ resource_id: z.array(z.number()) }),
  updated_at: z.string(),
});
export type SharedReportView = z.infer<typeof sharedReportView>;

/** What the caller may do with a report (from the reports policy). */
export const reportAbilities = z.object({ share: z.boolean(), add_to_room: z.boolean() });

/** GET /api/account/reports: one report table of the workspace. */
export const reportTableView = z.object({
  feature_type_id: z.string(),
  question_label: z.string(),
  template_label: z.string(),
  resource_type_id: z.number(),
  has_email: z.boolean(),
  feature_types: z.array(reportColumn),
  rows: z.array(reportRow),
  sharing: sharedReportView.nullable(),
  abilities: reportAbilities,
});
export type ReportTableView = z.infer<typeof reportTableView>;
export const reportTablesResponse = z.array(reportTableView);

/** POST /api/account/shared_report */
export const createSharedReportBody = z.object({
  feature_type_id: reportKey,
  is_active: z.boolean().default(true),
  metadata: reportMetadata.default({ resource_id: [] }),
});
/** PUT /api/account/shared_report/{id} */
export const updateSharedReportBody = z.object({
  is_active: z.boolean().optional(),
  metadata: reportMetadata.optional(),
});
export const sharedReportResponse = z.object({ message: z.string(), report: sharedReportView });

/** A file a report cell names, and the link that opens it. */
export const reportFileLink = z.object({ id: z.number(), filename: z.string(), url: z.string() });
export type ReportFileLink = z.infer<typeof reportFileLink>;

/** GET /api/user/report: a shared report as one user sees it, across their workspaces. */
export const userReportView = z.object({
  id: z.number(),
  account: z.object({ id: z.number(), name: z.string() }),
  feature_type_id: z.string(),
  question_label: z.string(),
  feature_types: z.array(reportColumn),
  rows: z.array(reportRow),
  /**
   * The cabinet files the rows' document columns name (a value is the file's id), each with a short-lived
   * link for this user: GET /api/user/report/file/{fileId}/jwt/{token}.
   */
  files: z.array(reportFileLink),
});
export type UserReportView = z.infer<typeof userReportView>;

/** GET /api/user/report/file/{a}/jwt/{b}: a = the file's id, b = the token GET /api/user/report gave. */
export const reportFileParams = z.object({ a: rowIdParam, b: z.string().min(20).max(2000) });

/** A report table in a room's overview (room_reports), rows already narrowed for the viewer. */
export const roomReportView = z.object({
  id: z.number(),
  feature_type_id: z.string(),
  question_label: z.string(),
  user_only: z.boolean(),
  has_email: z.boolean(),
  position: z.number(),
  feature_types: z.array(reportColumn),
  rows: z.array(reportRow),
});
export type RoomReportView = z.infer<typeof roomReportView>;

/** POST /api/account/admin/room/{id}/report */
export const addRoomReportBody = z.object({
  feature_type_id: reportKey,
  user_only: z.boolean().default(false),
});
export const roomReportParams = z.object({ id: rowIdParam, reportId: rowIdParam });
export const roomReportSwapParams = z.object({ id: rowIdParam, a: rowIdParam, b: rowIdParam });
export const roomReportResponse = z.object({ message: z.string(), report: roomReportView });
