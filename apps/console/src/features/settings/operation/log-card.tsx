// Log settings: the consumption-log switch and the history cleanup (DELETE /api/log/?target_timestamp).
import { useState } from 'react';
import { App, Button, Col, DatePicker, Form, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';
import { useCleanLogs } from '../settings-api';

const logKeys = ['LogConsumeEnabled'];
const timeFormat = 'YYYY-MM-DD HH:mm:ss';

/** The log card. */
export function LogCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="log" title={t('settings.cards.log')} keys={logKeys}>
      <OptionField optionKey="LogConsumeEnabled" wide />
      <Col span={24}>
        <LogCleanup />
      </Col>
    </OptionFormCard>
  );
}

/** Picks a date and time, confirms, deletes older logs and shows how many went. */
function LogCleanup() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isMobile = useIsMobile();
  const cleanLogs = useCleanLogs();
  // Like new-api, the picker starts one month back.
  const [target, setTarget] = useState<Dayjs | null>(() => dayjs().subtract(30, 'day').startOf('minute'));
  const [lastCount, setLastCount] = useState<number | null>(null);

  const start = (): void => {
    if (!target) {
      notify.error(t('settings.log.cleanupRequired'));
      return;
    }
    modal.confirm({
      title: t('settings.log.cleanupConfirmTitle'),
      content: t('settings.log.cleanupConfirm', { time: target.format(timeFormat) }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const count = await cleanLogs.mutateAsync(target.unix());
          setLastCount(count);
          notify.success(t('settings.log.cleaned', { count }));
        } catch (error) {
          notify.error(t('settings.log.cleanupFailed', { message: error instanceof ApiError ? error.message : String(error) }));
        }
      },
    });
  };

  return (
    <Form.Item label={t('settings.log.cleanupTime')} required extra={lastCount !== null ? <span data-testid="log-cleanup-result">{t('settings.log.lastCleanup', { count: lastCount })}</span> : undefined}>
      <Space wrap orientation={isMobile ? 'vertical' : 'horizontal'} style={isMobile ? { width: '100%' } : undefined}>
        <DatePicker
          showTime
          format={timeFormat}
          value={target}
          onChange={(value) => setTarget(value)}
          data-testid="log-cleanup-time"
          style={isMobile ? { width: '100%' } : { minWidth: 220 }}
        />
        <Button danger onClick={start} loading={cleanLogs.isPending} data-testid="log-cleanup">
          {t('settings.log.cleanup')}
        </Button>
      </Space>
    </Form.Item>
  );
}
