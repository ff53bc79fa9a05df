// The channel search form: keyword (id, name, tag, base URL), group and model; Enter or the button searches.
import { useState } from 'react';
import { AutoComplete, Button, Flex, Input, Select } from 'antd';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useGroupNames, useKnownModels } from './channels-api';

/** The applied search. */
export interface ChannelSearch {
  keyword: string;
  group: string;
  model: string;
}

/** An empty search. */
export const emptyChannelSearch: ChannelSearch = { keyword: '', group: '', model: '' };

/** Props of the search form. */
export interface ChannelsSearchFormProps {
  onSearch: (search: ChannelSearch) => void;
}

/** The three filters plus search and reset buttons. */
export function ChannelsSearchForm({ onSearch }: ChannelsSearchFormProps) {
  const { t } = useTranslation();
  const groups = useGroupNames();
  const models = useKnownModels();
  const [draft, setDraft] = useState<ChannelSearch>(emptyChannelSearch);
  const isMobile = useIsMobile();
  // On a phone each filter takes the full row; the buttons share the last one.
  const width = (desktop: number) => (isMobile ? '100%' : desktop);
  const submit = (next = draft): void => onSearch({ keyword: next.keyword.trim(), group: next.group, model: next.model.trim() });
  const modelQuery = draft.model.trim().toLowerCase();
  const modelOptions = (models.data ?? [])
    .filter((name) => modelQuery === '' || name.toLowerCase().includes(modelQuery))
    .slice(0, 50)
    .map((name) => ({ value: name }));

  return (
    <Flex wrap gap={8} style={{ marginBottom: 12 }} data-testid="channels-search-form">
      <Input
        name="keyword"
        data-testid="channels-search-keyword"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('channels.search.keyword')}
        value={draft.keyword}
        onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
        onPressEnter={() => submit()}
        style={{ width: width(240) }}
      />
      <Select
        data-testid="channels-search-group"
        allowClear
        showSearch
        placeholder={t('channels.search.group')}
        value={draft.group === '' ? undefined : draft.group}
        options={(groups.data ?? []).map((name) => ({ label: name, value: name }))}
        onChange={(value: string | undefined) => {
          const next = { ...draft, group: value ?? '' };
          setDraft(next);
          submit(next);
        }}
        style={{ width: width(150) }}
      />
      <AutoComplete
        data-testid="channels-search-model"
        options={modelOptions}
        value={draft.model}
        onChange={(value: string) => setDraft({ ...draft, model: value ?? '' })}
        style={{ width: width(200) }}
      >
        <Input name="model" allowClear placeholder={t('channels.search.model')} onPressEnter={() => submit()} />
      </AutoComplete>
      <Button type="primary" icon={<SearchOutlined />} onClick={() => submit()} data-testid="channels-search-submit">
        {t('channels.search.submit')}
      </Button>
      <Button
        icon={<UndoOutlined />}
        onClick={() => {
          setDraft(emptyChannelSearch);
          onSearch(emptyChannelSearch);
        }}
        data-testid="channels-search-reset"
      >
        {t('channels.search.reset')}
      </Button>
    </Flex>
  );
}
