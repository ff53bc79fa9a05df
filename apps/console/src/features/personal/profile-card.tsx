// Profile: identity, balance figures, and the username / display name form.
import { useEffect } from 'react';
import { Avatar, Button, Card, Col, Form, Input, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { formatCompactNumber, renderQuota } from '../../lib/quota-format';
import { GroupTag, RoleTag } from '../../lib/user-tags';
import { useUpdateProfile, type SelfUser } from './personal-api';

interface ProfileFormValues {
  username: string;
  display_name: string;
}

/** Shows the user and edits username and display name (PUT /api/user/self). */
export function ProfileCard({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileFormValues>();
  const updateProfile = useUpdateProfile();

  useEffect(() => {
    form.setFieldsValue({ username: user.username, display_name: user.display_name ?? '' });
  }, [user.username, user.display_name, form]);

  const submit = (values: ProfileFormValues): void => {
    const username = values.username?.trim() ?? '';
    if (!username) {
      notify.error(t('users.usernameRequired'));
      return;
    }
    updateProfile.mutate(
      { username, display_name: values.display_name?.trim() ?? '' },
      { onSuccess: () => notify.success(t('users.updated')) },
    );
  };

  return (
    <Card data-testid="profile-card">
      <Space align="center" size={12} wrap style={{ marginBottom: 16 }}>
        <Avatar size={48} style={{ backgroundColor: '#1677ff' }}>
          {user.username.slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="profile-username">
            {user.display_name || user.username}
          </Typography.Title>
          <Space size={4} wrap>
            <RoleTag role={user.role} />
            <Tag data-testid="profile-id">ID: {user.id}</Tag>
            <GroupTag group={user.group} />
          </Space>
        </div>
      </Space>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Statistic title={t('personal.balance')} value={renderQuota(user.quota)} data-testid="profile-balance" />
        </Col>
        <Col span={8}>
          <Statistic title={t('personal.used')} value={renderQuota(user.used_quota)} data-testid="profile-used" />
        </Col>
        <Col span={8}>
          <Statistic title={t('personal.requests')} value={formatCompactNumber(user.request_count ?? 0)} data-testid="profile-requests" />
        </Col>
      </Row>
      <Form<ProfileFormValues> form={form} name="profile" layout="vertical" onFinish={submit}>
        <Form.Item label={t('users.username')} name="username">
          <Input name="username" autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('users.displayName')} name="display_name">
          <Input name="display_name" autoComplete="nickname" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={updateProfile.isPending} data-testid="profile-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
