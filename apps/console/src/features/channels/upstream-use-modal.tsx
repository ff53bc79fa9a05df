// The upstream detection dialog: which groups and client types have used a channel (GET /api/channel/test_upstream/{id}).
import { Alert, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from './channel-cells';
import type { ChannelGroupUse } from '@turnpike/contract';
import { useChannelUpstreamUse } from './channels-api';
import type { ChannelRecord } from './channel-types';

/** Props of the dialog. */
export interface UpstreamUseModalProps {
  channel: ChannelRecord | null;
  onClose: () => void;
}

/** Groups with their first and last use and the client types seen in each. */
export function UpstreamUseModal({ channel, onClose }: UpstreamUseModalProps) {
  const { t } = useTranslation();
  const use = useChannelUpstreamUse(channel?.id ?? null);
  return (
    <Modal
      open={channel !== null}
      title={t('channels.upstreamUse.title', { name: channel?.name ?? '' })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={720}
      destroyOnHidden
      data-testid="upstream-use-modal"
    >
      <Typography.Paragraph type="secondary">{t('channels.upstreamUse.hint')}</Typography.Paragraph>
      {use.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('channels.upstreamUse.loadFailed')}
          action={
            <Button size="small" onClick={() => void use.refetch()}>
              {t('channels.page.retry')}
            </Button>
          }
        />
      ) : (
        <Table<ChannelGroupUse>
          rowKey="group"
          size="small"
          loading={use.isFetching}
          dataSource={use.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content', y: 400 }}
          locale={{ emptyText: t('channels.upstreamUse.empty') }}
          data-testid="upstream-use-table"
          columns={[
            { key: 'group', title: t('channels.columns.group'), render: (_value, row) => <Tag data-testid={`upstream-use-group-${row.group}`}>{row.group}</Tag> },
            {
              key: 'clients',
              title: t('channels.upstreamUse.clientTypes'),
              render: (_value, row) => (
                <Space size={[4, 4]} wrap>
                  {row.client_types.map((client) => (
                    <Tag key={client.client_type} color="blue" data-testid={`upstream-use-client-${row.group}-${client.client_type}`}>
                      {t('channels.upstreamUse.clientCount', { client: client.client_type, count: client.count })}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            { key: 'first', title: t('channels.upstreamUse.firstSeen'), render: (_value, row) => formatTime(row.first_seen) },
            { key: 'last', title: t('channels.upstreamUse.lastSeen'), render: (_value, row) => formatTime(row.last_seen) },
          ]}
        />
      )}
    </Modal>
  );
}
