// The search form of the user table: keyword (id, username, display name, e-mail), group, search and add buttons.
import { useState } from 'react';
import { Button, Input, Select, Space, Tooltip } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useGroups } from './users-api';

/** Props of the search bar. */
export interface UsersSearchBarProps {
  onSearch: (keyword: string, group: string) => void;
  onAdd: () => void;
}

/** Keyword and group filters; a group change searches at once, the keyword on Enter or the button. */
export function UsersSearchBar({ onSearch, onAdd }: UsersSearchBarProps) {
  const { t } = useTranslation();
  const groups = useGroups();
  const [keyword, setKeyword] = useState('');
  const [group, setGroup] = useState('');
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Tooltip title={t('users.searchHint')}>
        <Input
          name="keyword"
          data-testid="users-search-keyword"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('users.searchPlaceholder')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onPressEnter={() => onSearch(keyword.trim(), group)}
          style={{ width: 240, maxWidth: '100%' }}
        />
      </Tooltip>
      <Select
        data-testid="users-search-group"
        allowClear
        placeholder={t('users.group')}
        value={group === '' ? undefined : group}
        options={(groups.data ?? []).map((name) => ({ label: name, value: name }))}
        onChange={(value: string | undefined) => {
          const next = value ?? '';
          setGroup(next);
          onSearch(keyword.trim(), next);
        }}
        style={{ width: 160 }}
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={() => onSearch(keyword.trim(), group)} data-testid="users-search-submit">
        {t('common.search')}
      </Button>
      <Button icon={<PlusOutlined />} onClick={onAdd} data-testid="users-add">
        {t('users.addUser')}
      </Button>
    </Space>
  );
}
