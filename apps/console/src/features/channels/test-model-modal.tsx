// The test-model picker: the channel's models with a test button each and the result beside it.
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useTestChannel } from './channels-api';
import { splitNameList } from '@turnpike/contract';
import { responseTimeColor } from './channel-rules';
import type { ChannelRecord } from './channel-types';

type TestResult = { state: 'running' } | { state: 'ok'; seconds: number } | { state: 'failed'; message: string };

/** Props of the picker. */
export interface TestModelModalProps {
  channel: ChannelRecord | null;
  onClose: () => void;
}

/** Lists the channel's models; each test calls GET /api/channel/test/{id}?model. */
export function TestModelModal({ channel, onClose }: TestModelModalProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [results, setResults] = useState<Record<string, TestResult>>({});
  const testChannel = useTestChannel();
  const channelId = channel?.id ?? null;

  useEffect(() => {
    setFilter('');
    setResults({});
  }, [channelId]);

  const models = useMemo(() => splitNameList(channel?.models), [channel?.models]);
  const defaultModel = channel?.test_model || models[0] || '';
  const query = filter.trim().toLowerCase();
  const rows = models.filter((name) => query === '' || name.toLowerCase().includes(query)).map((name) => ({ name }));

  const run = (model: string): void => {
    if (!channel) return;
    setResults((current) => ({ ...current, [model]: { state: 'running' } }));
    // mutateAsync: several models may be under test at once and each needs its own result.
    testChannel
      .mutateAsync({ id: channel.id, model, silent: true })
      .then((seconds) => setResults((current) => ({ ...current, [model]: { state: 'ok', seconds } })))
      .catch((error: unknown) =>
        setResults((current) => ({ ...current, [model]: { state: 'failed', message: error instanceof Error ? error.message : String(error) } })),
      );
  };

  const renderResult = (model: string) => {
    const result = results[model];
    if (!result || result.state === 'running') return null;
    if (result.state === 'ok') {
      const color = responseTimeColor(result.seconds * 1000);
      return (
        <Tag color={color === 'default' ? undefined : color} data-testid={`test-model-result-${model}`}>
          {t('channels.cells.seconds', { seconds: result.seconds.toFixed(2) })}
        </Tag>
      );
    }
    return (
      <Tooltip title={result.message}>
        <Tag color="red" data-testid={`test-model-result-${model}`}>
          {t('channels.testModel.failed')}
        </Tag>
      </Tooltip>
    );
  };

  return (
    <Modal
      open={channel !== null}
      title={t('channels.testModel.title', { name: channel?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      data-testid="test-model-modal"
    >
      <Input
        name="model_filter"
        data-testid="test-model-filter"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('channels.testModel.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        style={{ marginBottom: 12 }}
      />
      <Table<{ name: string }>
        rowKey="name"
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={rows}
        locale={{ emptyText: t('channels.testModel.noModels') }}
        columns={[
          {
            key: 'name',
            title: t('channels.columns.models'),
            render: (_value, row) => (
              <span style={{ wordBreak: 'break-all' }}>
                {row.name}{' '}
                {row.name === defaultModel ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    ({t('channels.testModel.defaultModel')})
                  </Typography.Text>
                ) : null}
              </span>
            ),
          },
          { key: 'result', width: 96, render: (_value, row) => renderResult(row.name) },
          {
            key: 'test',
            width: 80,
            render: (_value, row) => (
              <Button size="small" autoInsertSpace={false} loading={results[row.name]?.state === 'running'} onClick={() => run(row.name)} data-testid={`test-model-run-${row.name}`}>
                {t('channels.testModel.test')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
