// The batch-set dialog: a fixed price, a model ratio, a completion ratio, or both ratios for the selected models.
import { useState } from 'react';
import { Form, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { PricingFieldBlock } from './pricing-field-block';
import { batchProblem, type BatchMode, type BatchValues } from './pricing-rules';

/** Props of the dialog. */
export interface PricingBatchModalProps {
  open: boolean;
  selectedCount: number;
  onClose: () => void;
  onApply: (mode: BatchMode, values: BatchValues) => void;
}

/** The dialog; its values are checked with the spec's messages before they are applied. */
export function PricingBatchModal({ open, selectedCount, onClose, onApply }: PricingBatchModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BatchValues>();
  const [mode, setMode] = useState<BatchMode>('ratio');

  const submit = (): void => {
    const values = form.getFieldsValue();
    const problem = batchProblem(mode, values, selectedCount);
    if (problem) {
      notify.error(t(`settings.pricing.${problem}`));
      return;
    }
    onApply(mode, values);
    form.resetFields();
    onClose();
  };

  const modes: { value: BatchMode; label: string }[] = [
    { value: 'price', label: t('settings.pricing.batchPrice') },
    { value: 'ratio', label: t('settings.pricing.batchRatio') },
    { value: 'completion', label: t('settings.pricing.batchCompletion') },
    { value: 'both', label: t('settings.pricing.batchBoth') },
  ];

  return (
    <Modal
      rootClassName="model-price-batch-modal"
      open={open}
      title={t('settings.pricing.batchTitle', { count: selectedCount })}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ 'data-testid': 'model-price-batch-submit' } as ButtonProps}
      forceRender
    >
      <Form form={form} layout="vertical" name="pricing-batch" onFinish={submit}>
        <Form.Item label={t('settings.pricing.batchMode')}>
          <Select<BatchMode> value={mode} onChange={setMode} options={modes} data-testid="model-price-batch-mode" />
        </Form.Item>
        <PricingFieldBlock
          fields={
            mode === 'both'
              ? [
                  { field: 'ratio', inputName: 'ratio', label: t('settings.pricing.ratio'), required: true },
                  { field: 'completionRatio', inputName: 'completion_ratio', label: t('settings.pricing.completionRatio'), required: true },
                ]
              : [{ field: 'value', inputName: 'value', label: t('settings.pricing.batchValue'), required: true }]
          }
        />
      </Form>
    </Modal>
  );
}
