// One option input inside an option form: the control, label, hint and checks follow the option registry.
import type { ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { optionDefinitions, parseOptionValue } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { jsonExamples } from './json-examples';
import { optionHintId, optionLabelId } from './option-labels';
import { isSecretOption, isValidJson, optionKindOf } from './option-values';

/** The control drawn for an option; the default follows its kind (switch, number, JSON, secret or text). */
export type OptionControl = 'switch' | 'number' | 'text' | 'textarea' | 'json' | 'secret' | 'select';

/** Props of one option field. */
export interface OptionFieldProps {
  optionKey: string;
  control?: OptionControl;
  /** Choices of a select. */
  choices?: { value: string; label: string }[];
  /** Full row width (text areas and JSON always are). */
  wide?: boolean;
  disabled?: boolean;
  /** Replaces the hint from the resources. */
  extra?: ReactNode;
  placeholder?: string;
  /** Step of a number input. */
  step?: number;
  /** Extra checks added to the registry's. */
  rules?: Rule[];
  onSwitch?: (checked: boolean) => void;
}

function defaultControl(key: string): OptionControl {
  if (isSecretOption(key)) return 'secret';
  switch (optionKindOf(key)) {
    case 'boolean':
      return 'switch';
    case 'integer':
    case 'number':
      return 'number';
    case 'json':
      return 'json';
    default:
      return 'text';
  }
}

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

/** Renders the form item of `optionKey`; the input's `name` is the option key, switches carry `data-testid="option-<key>"`. */
export function OptionField({ optionKey, control, choices, wide, disabled, extra, placeholder, step, rules = [], onSwitch }: OptionFieldProps) {
  const { t } = useTranslation();
  const kind = control ?? defaultControl(optionKey);
  const definition = optionDefinitions.get(optionKey);
  const label = t(`settings.label.${optionLabelId(optionKey)}`);
  const hintId = optionHintId(optionKey);
  const help = extra ?? (hintId ? t(`settings.hint.${hintId}`) : kind === 'secret' ? t('settings.hint.secret') : undefined);

  if (kind === 'switch') {
    return (
      <Col xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
        <Form.Item extra={help}>
          <label style={{ display: 'inline-flex', alignItems: 'flex-start', gap: 8, cursor: disabled ? 'default' : 'pointer' }}>
            <Form.Item name={optionKey} valuePropName="checked" noStyle>
              <Switch size="small" disabled={disabled} data-testid={`option-${optionKey}`} onChange={onSwitch} style={{ marginTop: 3, flex: 'none' }} />
            </Form.Item>
            <span>{label}</span>
          </label>
        </Form.Item>
      </Col>
    );
  }

  const itemRules: Rule[] = [...rules];
  let input: ReactNode;
  const full = wide || kind === 'json' || kind === 'textarea';
  switch (kind) {
    case 'number': {
      const integer = definition?.kind === 'integer';
      const { min, max } = definition ?? {};
      itemRules.push({ required: true, message: t('settings.pricing.notNumber') });
      if (min !== undefined) itemRules.push({ type: 'number', min, message: t('settings.form.atLeast', { min }) });
      if (max !== undefined) itemRules.push({ type: 'number', max, message: t('settings.form.atMost', { max }) });
      input = <InputNumber name={optionKey} disabled={disabled} precision={integer ? 0 : undefined} step={step} placeholder={placeholder} style={{ width: '100%' }} />;
      break;
    }
    case 'json':
      itemRules.push({
        validator: async (_rule, value: unknown) => {
          const text = typeof value === 'string' ? value.trim() : '';
          if (!isValidJson(text)) throw new Error(t('settings.form.invalidJson'));
          if (definition && !parseOptionValue(definition, text).ok) {
            throw new Error(t('settings.form.invalidShape', { example: jsonExamples[optionKey] ?? '{}' }));
          }
        },
      });
      input = <Input.TextArea name={optionKey} disabled={disabled} autoSize={{ minRows: 4, maxRows: 16 }} placeholder={placeholder} style={monospace} spellCheck={false} />;
      break;
    case 'textarea':
      input = <Input.TextArea name={optionKey} disabled={disabled} autoSize={{ minRows: 4, maxRows: 14 }} placeholder={placeholder} />;
      break;
    case 'secret':
      input = <Input.Password name={optionKey} disabled={disabled} placeholder={placeholder ?? t('settings.form.secretPlaceholder')} autoComplete="new-password" />;
      break;
    case 'select':
      input = <Select disabled={disabled} options={choices} data-testid={`option-${optionKey}`} />;
      break;
    default:
      input = <Input name={optionKey} disabled={disabled} placeholder={placeholder} autoComplete="off" />;
  }
  return (
    <Col xs={24} md={full ? 24 : 12} xl={full ? 24 : 8}>
      <Form.Item label={label} name={optionKey} extra={help} rules={itemRules} validateTrigger={kind === 'json' ? 'onBlur' : 'onChange'}>
        {input}
      </Form.Item>
    </Col>
  );
}
