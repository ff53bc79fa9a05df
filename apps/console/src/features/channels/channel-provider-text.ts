// The translated descriptor texts of a channel type (label, key hint, `other` field), falling back to the descriptor.
import { useCallback, useMemo } from 'react';
import { findProvider, providerDescriptors } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import type { ProviderTexts } from './channel-provider-i18n';

/** Reads the current language's descriptor texts. */
export function useProviderText() {
  const { t } = useTranslation();
  const { labels, keyHints, otherLabels, otherPlaceholders } = t('channels.providers', { returnObjects: true }) as ProviderTexts;

  const label = useCallback((type: number): string => labels[String(type)] ?? findProvider(type)?.label ?? t('channels.cells.unknownType', { type }), [labels, t]);
  const keyHint = useCallback((type: number): string => keyHints[String(type)] ?? findProvider(type)?.keyHint ?? '', [keyHints]);
  const otherLabel = useCallback((type: number): string => otherLabels[String(type)] ?? findProvider(type)?.otherField?.label ?? '', [otherLabels]);
  const otherPlaceholder = useCallback(
    (type: number): string => otherPlaceholders[String(type)] ?? findProvider(type)?.otherField?.placeholder ?? '',
    [otherPlaceholders],
  );
  /** Every type as a select option, labelled in the current language. */
  const typeOptions = useMemo(
    () => providerDescriptors.map((descriptor) => ({ value: descriptor.type, label: label(descriptor.type), color: descriptor.color })),
    [label],
  );
  return { label, keyHint, otherLabel, otherPlaceholder, typeOptions };
}
