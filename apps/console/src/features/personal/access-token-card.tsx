// The system access token: reset it (GET /api/user/token), copy it automatically, show it for manual copy.
import { useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyToClipboard, copyWithFeedback, showManualCopyDialog } from '../../lib/clipboard';
import { notify } from '../../lib/notify';
import { useResetAccessToken } from './personal-api';

/** Generates a new access token for the management API. */
export function AccessTokenCard() {
  const { t } = useTranslation();
  const resetToken = useResetAccessToken();
  const [accessToken, setAccessToken] = useState('');

  const reset = (): void => {
    resetToken.mutate(undefined, {
      onSuccess: async (value) => {
        setAccessToken(value);
        if (await copyToClipboard(value)) notify.success(t('personal.tokenResetCopied'));
        else showManualCopyDialog(value);
      },
    });
  };

  return (
    <Card title={t('personal.accessToken')} data-testid="access-token-card">
      <Typography.Paragraph type="secondary">{t('personal.accessTokenHint')}</Typography.Paragraph>
      {accessToken ? (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input readOnly value={accessToken} data-testid="access-token-value" />
          <Button icon={<CopyOutlined />} onClick={() => void copyWithFeedback(accessToken)} aria-label={t('common.copy')} />
        </Space.Compact>
      ) : null}
      <Button icon={<ReloadOutlined />} onClick={reset} loading={resetToken.isPending} data-testid="access-token-reset">
        {t('personal.resetAccessToken')}
      </Button>
    </Card>
  );
}
