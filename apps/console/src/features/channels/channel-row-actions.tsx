// Row actions: a channel's test split button, enable/disable, edit, and upstream detection, copy and delete under "more"; a tag's enable all, disable all and edit.
import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { ChannelStatus } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import type { ChannelRecord, ChannelTagRow } from './channel-types';

/** What a channel row can ask the page to do. */
export interface ChannelRowHandlers {
  onTest: (channel: ChannelRecord) => void;
  onPickTestModel: (channel: ChannelRecord) => void;
  onSetStatus: (channel: ChannelRecord, status: number) => void;
  onEdit: (channel: ChannelRecord) => void;
  onCopy: (channel: ChannelRecord) => void;
  onDelete: (channel: ChannelRecord) => void;
  onUpstreamUse: (channel: ChannelRecord) => void;
}

/** The actions of one channel. */
export function ChannelRowActions({ channel, busy, handlers }: { channel: ChannelRecord; busy: boolean; handlers: ChannelRowHandlers }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const id = channel.id;
  const enabled = channel.status === ChannelStatus.Enabled;
  return (
    <Space size={4} wrap={false}>
      <Space.Compact size="small">
        <Button size="small" loading={busy} onClick={() => handlers.onTest(channel)} data-testid={`channel-test-${id}`}>
          {t('channels.actions.test')}
        </Button>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'pick', label: <span data-testid={`channel-test-pick-${id}`}>{t('channels.actions.testWithModel')}</span> }],
            onClick: () => handlers.onPickTestModel(channel),
          }}
        >
          <Button size="small" icon={<DownOutlined />} aria-label={t('channels.actions.testMenu')} data-testid={`channel-test-menu-${id}`} />
        </Dropdown>
      </Space.Compact>
      {enabled ? (
        <Button size="small" danger onClick={() => handlers.onSetStatus(channel, ChannelStatus.ManuallyDisabled)} data-testid={`channel-disable-${id}`}>
          {t('channels.actions.disable')}
        </Button>
      ) : (
        <Button size="small" onClick={() => handlers.onSetStatus(channel, ChannelStatus.Enabled)} data-testid={`channel-enable-${id}`}>
          {t('channels.actions.enable')}
        </Button>
      )}
      <Button size="small" onClick={() => handlers.onEdit(channel)} data-testid={`channel-edit-${id}`}>
        {t('channels.actions.edit')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'upstream', label: <span data-testid={`channel-upstream-use-${id}`}>{t('channels.actions.upstreamUse')}</span> },
            { key: 'copy', label: <span data-testid={`channel-copy-${id}`}>{t('channels.actions.copy')}</span> },
            { key: 'delete', danger: true, label: <span data-testid={`channel-delete-${id}`}>{t('channels.actions.delete')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'upstream') handlers.onUpstreamUse(channel);
            else if (key === 'copy') {
              modal.confirm({
                title: t('channels.actions.copyConfirm'),
                okText: t('common.ok'),
                cancelText: t('common.cancel'),
                onOk: () => handlers.onCopy(channel),
              });
            } else {
              modal.confirm({
                title: t('channels.actions.deleteConfirm', { name: channel.name }),
                okText: t('common.ok'),
                cancelText: t('common.cancel'),
                okButtonProps: { danger: true },
                onOk: () => handlers.onDelete(channel),
              });
            }
          },
        }}
      >
        <Button size="small" icon={<MoreOutlined />} aria-label={t('channels.actions.more')} data-testid={`channel-more-${id}`} />
      </Dropdown>
    </Space>
  );
}

/** What a tag row can ask the page to do. */
export interface TagRowHandlers {
  onSetTagStatus: (tag: string, enable: boolean) => void;
  onEditTag: (row: ChannelTagRow) => void;
}

/** The actions of a tag row. */
export function TagRowActions({ row, handlers }: { row: ChannelTagRow; handlers: TagRowHandlers }) {
  const { t } = useTranslation();
  const confirm = (enable: boolean) => (
    <Popconfirm
      title={t(enable ? 'channels.actions.enableAllConfirm' : 'channels.actions.disableAllConfirm', { tag: row.tag })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: !enable }}
      placement="left"
      onConfirm={() => handlers.onSetTagStatus(row.tag, enable)}
    >
      <Button size="small" danger={!enable} data-testid={`tag-${enable ? 'enable' : 'disable'}-${row.tag}`}>
        {t(enable ? 'channels.actions.enableAll' : 'channels.actions.disableAll')}
      </Button>
    </Popconfirm>
  );
  return (
    <Space size={4} wrap={false}>
      {confirm(true)}
      {confirm(false)}
      <Button size="small" onClick={() => handlers.onEditTag(row)} data-testid={`tag-edit-${row.tag}`}>
        {t('channels.actions.editTag')}
      </Button>
    </Space>
  );
}
