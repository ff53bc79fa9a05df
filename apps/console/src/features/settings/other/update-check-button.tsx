// "Check for updates" (spec 000 §2): asks the server, which asks the release source, and shows the latest tag and its
// notes, or that this build is current, or why the check failed (an offline server says so).
import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** What GET /api/update_check answers. */
interface UpdateCheck {
  current_version: string;
  latest_version: string;
  release_notes: string;
  release_url: string;
  up_to_date: boolean;
}

/** The button, and the dialog with the outcome. */
export function UpdateCheckButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<UpdateCheck | null>(null);
  const check = async (): Promise<void> => {
    setBusy(true);
    try {
      const result = await apiClient.get<UpdateCheck>('/api/update_check', { silent: true });
      if (result.up_to_date) notify.success(t('settings.other.upToDate', { version: result.current_version }));
      else setFound(result);
    } catch (error) {
      notify.error(t('settings.other.updateCheckFailed', { reason: (error as Error).message.replace(/^update check failed: /, '') }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" loading={busy} onClick={() => void check()} data-testid="update-check">
        {t('settings.other.checkUpdate')}
      </Button>
      <Modal open={found !== null} onCancel={() => setFound(null)} onOk={() => setFound(null)} title={t('settings.other.newVersion', { version: found?.latest_version ?? '' })} data-testid="update-check-dialog">
        <Typography.Paragraph type="secondary">{t('settings.other.currentVersion', { version: found?.current_version ?? '' })}</Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="update-check-notes">
          {found?.release_notes}
        </Typography.Paragraph>
        {found?.release_url ? (
          <Typography.Link href={found.release_url} target="_blank" rel="noreferrer">
            {found.release_url}
          </Typography.Link>
        ) : null}
      </Modal>
    </>
  );
}
