// A block of decimal text fields of a pricing form (ratios, or dollar prices), with an optional hint under them.
import type { ReactNode } from 'react';
import { Form, Input, Typography } from 'antd';

/** One decimal field: the form field, the input's name (the API field), its label and an example placeholder. */
export interface PricingFieldSpec {
  field: string;
  inputName: string;
  label: string;
  placeholder?: string;
  required?: boolean;
}

/** Props of the block. */
export interface PricingFieldBlockProps {
  fields: readonly PricingFieldSpec[];
  /** Secondary text under the fields. */
  hint?: ReactNode;
}

/** The fields in order, each a vertical form item with a decimal text input, then the hint. */
export function PricingFieldBlock({ fields, hint }: PricingFieldBlockProps) {
  return (
    <>
      {fields.map((spec) => (
        <Form.Item key={spec.field} label={spec.label} name={spec.field} required={spec.required}>
          <Input name={spec.inputName} inputMode="decimal" placeholder={spec.placeholder} />
        </Form.Item>
      ))}
      {hint === undefined ? null : <Typography.Text type="secondary">{hint}</Typography.Text>}
    </>
  );
}
