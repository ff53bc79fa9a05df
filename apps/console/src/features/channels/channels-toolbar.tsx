// The channel toolbar: add, whole-table actions (with confirmations), selection actions, the two switches, columns and refresh.
import { Button, Divider, Flex, Popconfirm, Space, Switch, Typography } from 'antd';
import {
  DeleteOutlined,
  DollarOutlined,
  PlusOutlined,
  ReloadOutlined,
  SettingOutlined,
  TagsOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../lib/use-is-mobile';
import type { ChannelBulkAction } from './channels-api';

/** Stable test hooks of the whole-table buttons. */
const toolbarTestIds: Record<ChannelBulkAction, string> = {
  testAll: 'channels-test-all',
  updateBalances: 'channels-update-balances',
  deleteDisabled: 'channels-delete-disabled',
  fix: 'channels-fix',
};

/** Props of the toolbar. */
export interface ChannelsToolbarProps {
  selectedCount: number;
  tagMode: boolean;
  idSort: boolean;
  /** The whole-table action in flight, if any. */
  runningAction: ChannelBulkAction | 'batchDelete' | null;
  refreshing: boolean;
  onAdd: () => void;
  onBulkAction: (action: ChannelBulkAction) => void;
  onBatchDelete: () => void;
  onBatchTag: () => void;
  onTagModeChange: (value: boolean) => void;
  onIdSortChange: (value: boolean) => void;
  onColumns: () => void;
  onRefresh: () => void;
}

/** Buttons and switches above the table. */
export function ChannelsToolbar(props: ChannelsToolbarProps) {
  const { t } = useTranslation();
  const size = useIsMobile() ? 'small' : 'middle';
  const confirmed = (action: ChannelBulkAction, label: string, confirm: string, icon: ReactNode, danger = false) => (
    <Popconfirm
      title={confirm}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger }}
      onConfirm={() => props.onBulkAction(action)}
    >
      <Button size={size} icon={icon} danger={danger} loading={props.runningAction === action} data-testid={toolbarTestIds[action]}>
        {label}
      </Button>
    </Popconfirm>
  );
  const noSelection = props.selectedCount === 0;
  return (
    <Flex wrap gap={8} justify="space-between" align="center" style={{ marginBottom: 12 }} data-testid="channels-toolbar">
      <Space wrap size={8}>
        <Button size={size} type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid="channels-add">
          {t('channels.toolbar.add')}
        </Button>
        {confirmed('testAll', t('channels.toolbar.testAll'), t('channels.toolbar.testAllConfirm'), <ThunderboltOutlined />)}
        {confirmed('updateBalances', t('channels.toolbar.updateBalances'), t('channels.toolbar.updateBalancesConfirm'), <DollarOutlined />)}
        {confirmed('deleteDisabled', t('channels.toolbar.deleteDisabled'), t('channels.toolbar.deleteDisabledConfirm'), <DeleteOutlined />, true)}
        {confirmed('fix', t('channels.toolbar.fix'), t('channels.toolbar.fixConfirm'), <ToolOutlined />)}
        <Divider orientation="vertical" style={{ margin: 0 }} />
        <Popconfirm
          title={t('channels.toolbar.batchDeleteConfirm', { count: props.selectedCount })}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          disabled={noSelection}
          onConfirm={props.onBatchDelete}
        >
          <Button size={size} danger disabled={noSelection} loading={props.runningAction === 'batchDelete'} data-testid="channels-batch-delete">
            {t('channels.toolbar.batchDelete')}
          </Button>
        </Popconfirm>
        <Button size={size} icon={<TagsOutlined />} disabled={noSelection} onClick={props.onBatchTag} data-testid="channels-batch-tag">
          {t('channels.toolbar.batchTag')}
        </Button>
        {noSelection ? null : (
          <Typography.Text type="secondary" data-testid="channels-selected-count">
            {t('channels.toolbar.selectedCount', { count: props.selectedCount })}
          </Typography.Text>
        )}
      </Space>
      <Space wrap size={12}>
        <Space size={6}>
          <Switch size="small" checked={props.tagMode} onChange={props.onTagModeChange} data-testid="channels-tag-mode" />
          <Typography.Text>{t('channels.toolbar.tagMode')}</Typography.Text>
        </Space>
        <Space size={6}>
          <Switch size="small" checked={props.idSort} onChange={props.onIdSortChange} data-testid="channels-id-sort" />
          <Typography.Text>{t('channels.toolbar.idSort')}</Typography.Text>
        </Space>
        <Button size={size} icon={<SettingOutlined />} onClick={props.onColumns} data-testid="channels-column-settings">
          {t('channels.toolbar.columns')}
        </Button>
        <Button size={size} icon={<ReloadOutlined />} loading={props.refreshing} onClick={props.onRefresh} data-testid="channels-refresh">
          {t('channels.toolbar.refresh')}
        </Button>
      </Space>
    </Flex>
  );
}
