// Sets one model's ratios from dollar prices per 1M tokens (ratio = input / 2, completion = output / input).
import { useEffect } from 'react';
import { Form, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { PricingFieldBlock } from './pricing-field-block';
import { pricesToRatios, ratiosToPrices, type PricingRow } from './pricing-rules';

interface PriceValues {
  inputPrice?: string;
  outputPrice?: string;
}

/** Props of the dialog; open while `row` is set. */
export interface PriceEntryModalProps {
  row: PricingRow | null;
  onClose: () => void;
  onApply: (name: string, ratios: { ratio: string; completionRatio: string }) => void;
}

/** The dialog, prefilled with the row's current prices. */
export function PriceEntryModal({ row, onClose, onApply }: PriceEntryModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PriceValues>();

  useEffect(() => {
    if (!row) return;
    const prices = ratiosToPrices(row.ratio, row.completionRatio);
    form.setFieldsValue({ inputPrice: prices?.input ?? '', outputPrice: prices?.output ?? '' });
  }, [row, form]);

  const submit = (): void => {
    if (!row) return;
    const values = form.getFieldsValue();
    const converted = pricesToRatios(values.inputPrice ?? '', values.outputPrice ?? '');
    if (typeof converted === 'string') {
      notify.error(t(`settings.pricing.${converted}`));
      return;
    }
    onApply(row.name, converted);
    onClose();
  };

  return (
    <Modal
      rootClassName="price-entry-modal"
      open={row !== null}
      title={t('settings.pricing.priceTitle', { model: row?.name ?? '' })}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ 'data-testid': 'price-entry-submit' } as ButtonProps}
      forceRender
    >
      <Form form={form} layout="vertical" name="price-entry" onFinish={submit}>
        <PricingFieldBlock
          fields={[
            { field: 'inputPrice', inputName: 'input_price', label: t('settings.pricing.inputPrice'), required: true },
            { field: 'outputPrice', inputName: 'output_price', label: t('settings.pricing.outputPrice') },
          ]}
          hint={t('settings.pricing.conversionHint')}
        />
      </Form>
    </Modal>
  );
}
