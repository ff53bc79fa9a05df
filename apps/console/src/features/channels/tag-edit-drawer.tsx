// The tag edit drawer (spec 001 §5): rename or dissolve a tag and set mapping, groups, models, priority and weight on all its channels.
import { useEffect, useMemo } from 'react';
import { Alert, Button, Drawer, Form, Input, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useEditTag, useGroupNames, useKnownModels, useTagModels } from './channels-api';
import { splitNameList } from '@turnpike/contract';
import { problemMessage, rejectProblem } from '../../lib/problem-text';
import { checkTagEdit, jsonFieldProblem, type TagEditValues } from './channel-rules';

/** Props of the drawer. */
export interface TagEditDrawerProps {
  /** The tag being edited; null when closed. */
  tag: string | null;
  onClose: () => void;
}

const emptyValues = (tag: string, models: string[]): TagEditValues => ({ new_tag: tag, model_mapping: '', group: [], models, priority: '', weight: '' });

/** Edits every channel of one tag through PUT /api/channel/tag; empty fields mean no change. */
export function TagEditDrawer({ tag, onClose }: TagEditDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<TagEditValues>();
  const tagModels = useTagModels(tag);
  const groups = useGroupNames();
  const knownModels = useKnownModels();
  const editTag = useEditTag();
  const initialModels = useMemo(() => splitNameList(tagModels.data ?? ''), [tagModels.data]);
  const selectedModels = Form.useWatch('models', form);

  useEffect(() => {
    if (tag !== null) form.setFieldsValue(emptyValues(tag, initialModels));
  }, [tag, initialModels, form]);

  const modelOptions = useMemo(
    () => [...new Set([...initialModels, ...(selectedModels ?? []), ...(knownModels.data ?? [])])].map((name) => ({ label: name, value: name })),
    [initialModels, selectedModels, knownModels.data],
  );

  const submit = (values: TagEditValues): void => {
    if (tag === null) return;
    const checked = checkTagEdit(tag, initialModels, values);
    if (!checked.ok) {
      if (checked.problem.code === 'channel_no_changes') notify.info(problemMessage(checked.problem));
      else notify.error(problemMessage(checked.problem));
      return;
    }
    editTag.mutate(checked.payload, {
      onSuccess: (count) => {
        notify.success(t('channels.messages.tagUpdated', { count }));
        onClose();
      },
    });
  };

  return (
    <Drawer
      open={tag !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 600}
      title={t('channels.tagEdit.title', { tag: tag ?? '' })}
      rootClassName="tag-edit-drawer"
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid="tag-edit-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" loading={editTag.isPending} onClick={() => form.submit()} data-testid="tag-edit-submit">
            {t('common.submit')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={tagModels.isFetching}>
        <Alert type="info" showIcon title={t('channels.tagEdit.emptyMeansNoChange')} style={{ marginBottom: 16 }} />
        <Form<TagEditValues> form={form} layout="vertical" onFinish={submit} data-testid="tag-edit-form">
          <Form.Item label={t('channels.tagEdit.newTag')} name="new_tag" extra={t('channels.tagEdit.newTagHint')}>
            <Input name="new_tag" allowClear data-testid="tag-edit-new-tag" />
          </Form.Item>
          <Form.Item label={t('channels.form.groups')} name="group">
            <Select
              mode="multiple"
              allowClear
              data-testid="tag-edit-groups"
              placeholder={t('channels.tagEdit.unchanged')}
              options={(groups.data ?? []).map((name) => ({ label: name, value: name }))}
            />
          </Form.Item>
          <Form.Item label={t('channels.form.models')} name="models">
            <Select mode="tags" allowClear data-testid="tag-edit-models" placeholder={t('channels.tagEdit.unchanged')} options={modelOptions} maxTagCount="responsive" />
          </Form.Item>
          <Form.Item
            label={t('channels.form.modelMapping')}
            name="model_mapping"
            extra={t('channels.form.modelMappingHint')}
            validateTrigger="onBlur"
            rules={[{ validator: async (_rule, value: string) => rejectProblem(jsonFieldProblem('model_mapping', value)) }]}
          >
            <Input.TextArea name="model_mapping" autoSize={{ minRows: 3, maxRows: 10 }} placeholder={t('channels.form.modelMappingPlaceholder')} />
          </Form.Item>
          <Space size={16} wrap>
            <Form.Item label={t('channels.form.priority')} name="priority">
              <Input name="priority" inputMode="numeric" placeholder={t('channels.tagEdit.unchanged')} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label={t('channels.form.weight')} name="weight">
              <Input name="weight" inputMode="numeric" placeholder={t('channels.tagEdit.unchanged')} style={{ width: 160 }} />
            </Form.Item>
          </Space>
        </Form>
      </Spin>
    </Drawer>
  );
}
