// A date-time range in seconds: one range picker on desktop, two separate pickers at ≤ 600 px.
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useIsMobile } from './use-is-mobile';

/** Display format of the pickers. */
export const dateTimeFormat = 'YYYY-MM-DD HH:mm:ss';

/** Props of the picker; times are Unix seconds. */
export interface TimeRangePickerProps {
  start: number;
  end: number;
  onChange: (start: number, end: number) => void;
  startLabel: string;
  endLabel: string;
  /** Test ids: `<prefix>-range` on desktop, `<prefix>-start` / `<prefix>-end` on mobile. */
  testIdPrefix: string;
}

const toSeconds = (value: Dayjs | null | undefined, fallback: number): number => (value ? value.unix() : fallback);

/** Inputs are named start_timestamp and end_timestamp (the API fields). */
export function TimeRangePicker({ start, end, onChange, startLabel, endLabel, testIdPrefix }: TimeRangePickerProps) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <>
        <DatePicker
          showTime
          id="start_timestamp"
          name="start_timestamp"
          data-testid={`${testIdPrefix}-start`}
          format={dateTimeFormat}
          placeholder={startLabel}
          aria-label={startLabel}
          value={dayjs.unix(start)}
          allowClear={false}
          inputReadOnly
          onChange={(value: Dayjs | null) => onChange(toSeconds(value, start), end)}
          style={{ width: '100%' }}
        />
        <DatePicker
          showTime
          id="end_timestamp"
          name="end_timestamp"
          data-testid={`${testIdPrefix}-end`}
          format={dateTimeFormat}
          placeholder={endLabel}
          aria-label={endLabel}
          value={dayjs.unix(end)}
          allowClear={false}
          inputReadOnly
          onChange={(value: Dayjs | null) => onChange(start, toSeconds(value, end))}
          style={{ width: '100%' }}
        />
      </>
    );
  }
  return (
    <DatePicker.RangePicker
      showTime
      id={{ start: 'start_timestamp', end: 'end_timestamp' }}
      data-testid={`${testIdPrefix}-range`}
      format={dateTimeFormat}
      placeholder={[startLabel, endLabel]}
      value={[dayjs.unix(start), dayjs.unix(end)]}
      allowClear={false}
      onChange={(values) => onChange(toSeconds(values?.[0], start), toSeconds(values?.[1], end))}
    />
  );
}
