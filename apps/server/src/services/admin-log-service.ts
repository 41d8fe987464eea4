import type { AdminLogListResponse } from '@samvad/contracts/admin';
import type { Database } from '../db/database.ts';
import type { AdminLogRow } from '../db/schema.ts';
import { presentAdminLog } from '../presenters/admin-presenter.ts';
import {
  type AdminLogFilter,
  countAdminLogs,
  listAdminLogs,
  listAdminLogsBefore,
} from '../repositories/admin-log-repository.ts';

export async function listLogs(
  db: Database,
  filter: AdminLogFilter,
  page: { page: number; pageSize: number },
): Promise<AdminLogListResponse> {
  const window = { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const [rows, total] = await Promise.all([
    listAdminLogs(db, filter, window),
    countAdminLogs(db, filter),
  ]);
  return { logs: rows.map(presentAdminLog), ...page, total };
}

const CSV_COLUMNS = [
  'id',
  'timestamp',
  'adminId',
  'adminEmail',
  'adminUsername',
  'action',
  'targetUserId',
  'targetUserEmail',
  'ipAddress',
  'details',
] as const;
const CSV_BATCH = 1000;

/**
 * The filtered log as CSV (RFC 4180), newest first, read in batches so a long log is never held
 * whole. A cell that a spreadsheet would run as a formula is prefixed with a quote.
 */
export async function logsAsCsv(
  db: Database,
  filter: AdminLogFilter,
): Promise<AsyncGenerator<string>> {
  // The first batch is read before anything is sent, so a failing query is still an error
  // status rather than a cut-off 200.
  const first = await listAdminLogsBefore(db, filter, null, CSV_BATCH);
  return (async function* () {
    yield `${CSV_COLUMNS.join(',')}\r\n`;
    // Keyset paging: rows written during the export cannot shift or repeat a batch.
    let rows = first;
    for (;;) {
      if (rows.length > 0) yield rows.map(csvLine).join('');
      if (rows.length < CSV_BATCH) return;
      rows = await listAdminLogsBefore(db, filter, rows[rows.length - 1]?.id ?? null, CSV_BATCH);
    }
  })();
}

function csvLine(row: AdminLogRow): string {
  const log = presentAdminLog(row);
  const cells = CSV_COLUMNS.map((column) =>
    column === 'details' ? JSON.stringify(log.details) : String(log[column] ?? ''),
  );
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
