// The add-model dialog: a unique name, then a fixed price or ratios entered directly or as dollars per 1M tokens.
import { useState } from 'react';
import { Form, Input, Modal, Segmented, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { isNumericText, pricesToRatios, type PricingMode, type PricingProblem, type PricingRow } from './pricing-rules';

/** How ratios are entered: as ratios, or as dollar prices per 1M tokens converted to ratios. */
export type PriceEntry = 'ratio' | 'price';

interface AddValues {
  name?: string;
  price?: string;
  ratio?: string;
  completionRatio?: string;
  inputPrice?: string;
  outputPrice?: string;
}

/** Props of the dialog. */
export interface PricingAddModalProps {
  open: boolean;
  existingNames: ReadonlySet<string>;
  onClose: () => void;
  onAdd: (row: PricingRow) => void;
}

/** Builds the new row or names the problem. */
function buildRow(values: AddValues, mode: PricingMode, entry: PriceEntry, existingNames: ReadonlySet<string>): PricingRow | PricingProblem {
  const name = values.name?.trim() ?? '';
  if (name === '') return 'nameRequired';
  if (existingNames.has(name)) return 'duplicateName';
  if (mode === 'request') {
    return isNumericText(values.price) ? { name, mode, price: String(Number(values.price)), ratio: '', completionRatio: '' } : 'notNumber';
  }
  if (entry === 'price') {
    const converted = pricesToRatios(values.inputPrice ?? '', values.outputPrice ?? '');
    return typeof converted === 'string' ? converted : { name, mode, price: '', ...converted };
  }
  const completion = values.completionRatio?.trim() ?? '';
  if (!isNumericText(values.ratio) || (completion !== '' && !isNumericText(completion))) return 'notNumber';
  return { name, mode, price: '', ratio: String(Number(values.ratio)), completionRatio: completion === '' ? '' : String(Number(completion)) };
}

/** The dialog. */
export function PricingAddModal({ open, existingNames, onClose, onAdd }: PricingAddModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const [mode, setMode] = useState<PricingMode>('token');
  const [entry, setEntry] = useState<PriceEntry>('ratio');

  const submit = (): void => {
    const result = buildRow(form.getFieldsValue(), mode, entry, existingNames);
    if (typeof result === 'string') {
      notify.error(t(`settings.pricing.${result}`));
      return;
    }
    onAdd(result);
    form.resetFields();
    notify.success(t('settings.pricing.added'));
  };

  return (
    <Modal rootClassName="model-price-add-modal" open={open} title={t('settings.pricing.addTitle')} onCancel={onClose} onOk={submit} okButtonProps={{ 'data-testid': 'model-price-add-submit' } as ButtonProps} destroyOnHidden>
      <Form form={form} layout="vertical" name="pricing-add" onFinish={submit}>
        <Form.Item label={t('settings.pricing.model')} required name="name">
          <Input name="model_name" placeholder="gpt-4o" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('settings.pricing.billing')}>
          <Segmented<PricingMode>
            value={mode}
            onChange={setMode}
            data-testid="model-price-add-mode"
            options={[
              { label: t('settings.pricing.perToken'), value: 'token' },
              { label: t('settings.pricing.perRequest'), value: 'request' },
            ]}
          />
        </Form.Item>
        {mode === 'request' ? (
          <Form.Item label={t('settings.pricing.price')} name="price" required>
            <Input name="price" inputMode="decimal" placeholder="0.04" />
          </Form.Item>
        ) : (
          <>
            <Form.Item label={t('settings.pricing.entry')}>
              <Segmented<PriceEntry>
                value={entry}
                onChange={setEntry}
                data-testid="model-price-add-entry"
                options={[
                  { label: t('settings.pricing.entryRatio'), value: 'ratio' },
                  { label: t('settings.pricing.entryPrice'), value: 'price' },
                ]}
              />
            </Form.Item>
            {entry === 'ratio' ? (
              <>
                <Form.Item label={t('settings.pricing.ratio')} name="ratio" required>
                  <Input name="ratio" inputMode="decimal" placeholder="1.25" />
                </Form.Item>
                <Form.Item label={t('settings.pricing.completionRatio')} name="completionRatio">
                  <Input name="completion_ratio" inputMode="decimal" placeholder="4" />
                </Form.Item>
              </>
            ) : (
              <>
                <Form.Item label={t('settings.pricing.inputPrice')} name="inputPrice" required>
                  <Input name="input_price" inputMode="decimal" placeholder="2.5" />
                </Form.Item>
                <Form.Item label={t('settings.pricing.outputPrice')} name="outputPrice">
                  <Input name="output_price" inputMode="decimal" placeholder="10" />
                </Form.Item>
                <Typography.Text type="secondary">{t('settings.pricing.conversionHint')}</Typography.Text>
              </>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
