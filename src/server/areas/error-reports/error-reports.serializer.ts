import type { ErrorReportData } from '../../domain/records/error-report-records.ts';
import type { Stored } from '../../domain/repository.ts';

/** Canvas answers a filed report with only its id: the report itself is for support, not for the client. */
export function loggedJson(report: Stored<ErrorReportData>): Record<string, unknown> {
  return { logged: true, id: report.id };
}
