// The JSON ratio editor (model prices, ratios, groups) with the reset-to-defaults action.
import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';
import { useResetModelRatios } from '../settings-api';

const ratioKeys = [
  'ModelPrice',
  'ModelRatio',
  'CompletionRatio',
  'CacheRatio',
  'AudioRatio',
  'AudioCompletionRatio',
  'GroupRatio',
  'UserUsableGroups',
  'GroupGroupRatio',
  'AutoGroups',
  'DefaultUseAutoGroup',
  'TopupGroupRatio',
];

/** The model ratio settings (JSON text areas validated on blur). */
export function RatioJsonCard() {
  const { t } = useTranslation();
  const reset = useResetModelRatios();
  // Remounting after a reset shows the defaults even in fields edited here.
  const [version, setVersion] = useState(0);

  const resetButton = (
    <Popconfirm
      title={t('settings.ratio.reset')}
      description={t('settings.ratio.resetConfirm')}
      okButtonProps={{ danger: true }}
      onConfirm={async () => {
        try {
          await reset.mutateAsync();
        } catch {
          return; // the API client has already shown why
        }
        setVersion((value) => value + 1);
        notify.success(t('settings.ratio.resetDone'));
      }}
    >
      <Button danger loading={reset.isPending} data-testid="reset-model-ratios">
        {t('settings.ratio.reset')}
      </Button>
    </Popconfirm>
  );

  return (
    <OptionFormCard key={version} id="ratio-json" keys={ratioKeys} variant="borderless" extra={resetButton}>
      {ratioKeys.map((key) => (
        <OptionField key={key} optionKey={key} wide />
      ))}
    </OptionFormCard>
  );
}
