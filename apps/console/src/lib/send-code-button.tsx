// A "get code" button locked for 30 seconds after each successful send.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { VerificationCooldownSeconds } from './constants';
import { useCountdown } from './use-countdown';

/** Props of the send-code button. */
export interface SendCodeButtonProps {
  /** Sends the code; resolve true to start the cooldown. */
  onSend: () => Promise<boolean>;
  loading?: boolean;
  testId: string;
}

/** Button that sends a verification code and shows the remaining cooldown. */
export function SendCodeButton({ onSend, loading = false, testId }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useCountdown(VerificationCooldownSeconds);
  const click = async (): Promise<void> => {
    if (await onSend()) countdown.start();
  };
  return (
    <Button onClick={() => void click()} disabled={countdown.active} loading={loading} data-testid={testId}>
      {countdown.active ? t('auth.resendIn', { seconds: countdown.secondsLeft }) : t('auth.getCode')}
    </Button>
  );
}
