// The New Year's Day easter egg: on 1 January a party button shows a greeting.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';

/** True on 1 January (local time). */
export function isNewYearsDay(date: Date): boolean {
  return date.getMonth() === 0 && date.getDate() === 1;
}

/** Renders the greeting button on New Year's Day, nothing otherwise. */
export function NewYearGreeting() {
  const { t } = useTranslation();
  if (!isNewYearsDay(new Date())) return null;
  return (
    <Button type="text" data-testid="new-year-button" onClick={() => notify.success(t('nav.happyNewYear'))}>
      🎉
    </Button>
  );
}
