/** Spec 2 and spec 3 texts of report tables and report sharing. */
export const REPORT_MESSAGES = {
  sharingUpdated: 'Report Sharing Updated',
  roomReportAdded: 'Room Report Added.',
  roomReportFailed: 'Failed to add room report.',
  roomReportRemoved: 'Room Report Removed.',
  roomReportsSwapped: 'Room reports swapped.',
  startingDownload: 'Starting Download.',
  selectReport: 'Please select a report table.',
  adminEmptyNote: 'Users will not see empty tables.',
  adminUserOnlyNote: 'Users will only see their own information in this table.',
  userOnlyOption: "Only the viewing user's rows",
  manageSharing: 'Manage Report Sharing',
  noRows: 'No rows yet.',
  reportNotFound: 'Report not found',
  /** A report file link that is expired, another's, or no longer names a value of the report (not in the spec). */
  fileLinkGone: 'This link has expired.',
} as const;
