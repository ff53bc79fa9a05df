// Renders Unix-second timestamps as local date-times (yyyy-MM-dd HH:mm:ss), the format of every console table.
import dayjs from 'dayjs';

/** The date-time format of tables and pickers. */
export const DateTimeFormat = 'YYYY-MM-DD HH:mm:ss';

/** Formats Unix seconds as local `YYYY-MM-DD HH:mm:ss`; 0 or less gives an empty string. */
export function formatTimestamp(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  return dayjs.unix(seconds).format(DateTimeFormat);
}
