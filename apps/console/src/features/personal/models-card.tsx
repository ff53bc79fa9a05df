// The models the user may call, as chips: the first 10, then an expand toggle; a click copies the name.
import { useState } from 'react';
import { Button, Card, Empty, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { useUserModels } from './personal-api';

/** Chips shown before the expand toggle (spec 000 §9). */
export const CollapsedModelCount = 10;

/** Lists the available models (GET /api/user/models). */
export function ModelsCard() {
  const { t } = useTranslation();
  const models = useUserModels();
  const [expanded, setExpanded] = useState(false);
  const names = models.data ?? [];
  const visible = expanded ? names : names.slice(0, CollapsedModelCount);
  return (
    <Card title={t('personal.models')} data-testid="models-card">
      <Spin spinning={models.isPending}>
        {names.length === 0 && !models.isPending ? (
          <Empty description={t('personal.noModels')} />
        ) : (
          <Space wrap size={[6, 6]}>
            {visible.map((name) => (
              <Tag
                key={name}
                color="cyan"
                data-testid="model-chip"
                style={{ cursor: 'pointer' }}
                onClick={() => void copyWithFeedback(name)}
              >
                {name}
              </Tag>
            ))}
          </Space>
        )}
      </Spin>
      {names.length > CollapsedModelCount ? (
        <Button type="link" style={{ paddingInline: 0, marginTop: 8 }} onClick={() => setExpanded(!expanded)} data-testid="models-toggle">
          {expanded ? t('personal.collapseModels') : t('personal.showAllModels', { count: names.length })}
        </Button>
      ) : null}
    </Card>
  );
}
