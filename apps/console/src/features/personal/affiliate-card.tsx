// Affiliate earnings: the invitation link, pending/total earnings, invitee count, and the transfer dialog.
import { useState } from 'react';
import { Button, Card, Col, Input, InputNumber, Modal, Row, Space, Statistic, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { notify } from '../../lib/notify';
import { getQuotaPerUnit, renderQuota } from '../../lib/quota-format';
import { useAffiliateCode, useAffiliateTransfer, type SelfUser } from './personal-api';
import { affiliateLink } from './personal-rules';

/** Shows invitation data and moves earnings into the balance (POST /api/user/aff_transfer). */
export function AffiliateCard({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const affiliateCode = useAffiliateCode();
  const transfer = useAffiliateTransfer();
  const minimum = getQuotaPerUnit();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<number>(minimum);
  const link = affiliateCode.data ? affiliateLink(window.location.origin, affiliateCode.data) : '';

  const submit = (): void => {
    if (!(amount >= minimum)) {
      notify.error(t('personal.transferMinimum', { amount: renderQuota(minimum) }));
      return;
    }
    transfer.mutate(Math.trunc(amount), {
      onSuccess: (message) => {
        notify.success(message || t('personal.transferDone'));
        setOpen(false);
      },
    });
  };

  return (
    <Card title={t('personal.affiliate')} data-testid="affiliate-card">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Statistic title={t('personal.affiliatePending')} value={renderQuota(user.aff_quota ?? 0)} data-testid="affiliate-pending" />
        </Col>
        <Col span={8}>
          <Statistic title={t('personal.affiliateTotal')} value={renderQuota(user.aff_history_quota ?? 0)} data-testid="affiliate-total" />
        </Col>
        <Col span={8}>
          <Statistic title={t('personal.affiliateCount')} value={user.aff_count ?? 0} data-testid="affiliate-count" />
        </Col>
      </Row>
      <Typography.Text strong>{t('personal.affiliateLink')}</Typography.Text>
      <Space.Compact style={{ width: '100%', margin: '8px 0 16px' }}>
        <Input readOnly value={link} data-testid="affiliate-link" />
        <Button
          icon={<CopyOutlined />}
          disabled={!link}
          onClick={() => void copyWithFeedback(link, t('personal.affiliateLinkCopied'))}
          data-testid="affiliate-link-copy"
        >
          {t('common.copy')}
        </Button>
      </Space.Compact>
      <Button type="primary" onClick={() => { setAmount(minimum); setOpen(true); }} data-testid="affiliate-transfer">
        {t('personal.transfer')}
      </Button>
      <Modal
        open={open}
        title={t('personal.transferTitle')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onOk={submit}
        onCancel={() => setOpen(false)}
        confirmLoading={transfer.isPending}
        data-testid="affiliate-transfer-modal"
      >
        <Typography.Paragraph>
          {t('personal.transferAvailable', { amount: renderQuota(user.aff_quota ?? 0) })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {t('personal.transferMinimumHint', { amount: renderQuota(minimum) })}
        </Typography.Paragraph>
        <InputNumber
          name="quota"
          data-testid="affiliate-transfer-amount"
          min={0}
          precision={0}
          value={amount}
          onChange={(value) => setAmount(typeof value === 'number' ? value : 0)}
          style={{ width: '100%' }}
        />
      </Modal>
    </Card>
  );
}
