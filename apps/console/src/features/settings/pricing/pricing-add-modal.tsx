// The add-model dialog: a unique name, then a fixed price or ratios entered directly or as dollars per 1M tokens.
import { useState } from 'react';
import { Form, Input, Modal, Segmented, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { PricingFieldBlock } from './pricing-field-block';
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

/** A labelled two-way switch of the dialog. */
function ChoiceField<T extends string>(props: { label: string; value: T; onChange: (value: T) => void; testId: string; options: { label: string; value: T }[] }) {
  return (
    <Form.Item label={props.label}>
      <Segmented<T> value={props.value} onChange={props.onChange} data-testid={props.testId} options={props.options} />
    </Form.Item>
  );
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
        <ChoiceField<PricingMode>
          label={t('settings.pricing.billing')}
          value={mode}
          onChange={setMode}
          testId="model-price-add-mode"
          options={[
            { label: t('settings.pricing.perToken'), value: 'token' },
            { label: t('settings.pricing.perRequest'), value: 'request' },
          ]}
        />
        {mode === 'request' ? (
          <PricingFieldBlock fields={[{ field: 'price', inputName: 'price', label: t('settings.pricing.price'), placeholder: '0.04', required: true }]} />
        ) : (
          <>
            <ChoiceField<PriceEntry>
              label={t('settings.pricing.entry')}
              value={entry}
              onChange={setEntry}
              testId="model-price-add-entry"
              options={[
                { label: t('settings.pricing.entryRatio'), value: 'ratio' },
                { label: t('settings.pricing.entryPrice'), value: 'price' },
              ]}
            />
            {entry === 'ratio' ? (
              <PricingFieldBlock
                fields={[
                  { field: 'ratio', inputName: 'ratio', label: t('settings.pricing.ratio'), placeholder: '1.25', required: true },
                  { field: 'completionRatio', inputName: 'completion_ratio', label: t('settings.pricing.completionRatio'), placeholder: '4' },
                ]}
              />
            ) : (
              <PricingFieldBlock
                fields={[
                  { field: 'inputPrice', inputName: 'input_price', label: t('settings.pricing.inputPrice'), placeholder: '2.5', required: true },
                  { field: 'outputPrice', inputName: 'output_price', label: t('settings.pricing.outputPrice'), placeholder: '10' },
                ]}
                hint={t('settings.pricing.conversionHint')}
              />
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
