// Strings of the data dashboard (/detail) in English and Chinese; registered as `dashboard` in src/i18n.

const en = {
  title: 'Data dashboard',
  disabledTitle: 'The data dashboard is disabled',
  disabledHint: 'An administrator can enable data export in the settings (operation tab, data dashboard).',
  timeRange: 'Time range',
  startTime: 'Start time',
  endTime: 'End time',
  granularity: 'Granularity',
  granularities: {
    hour: 'Hour',
    day: 'Day',
    week: 'Week',
  },
  username: 'Username',
  usernamePlaceholder: 'All users',
  query: 'Query',
  totalQuota: 'Quota consumed',
  totalTokens: 'Tokens',
  totalCalls: 'Calls',
  averageRpm: 'Average RPM',
  consumptionChart: 'Consumption by model',
  callsChart: 'Calls by model',
  tokensChart: 'Tokens over time',
  empty: 'No usage in this time range',
  loadFailed: 'Failed to load the dashboard data',
  retry: 'Retry',
};

const zh: typeof en = {
  title: '数据看板',
  disabledTitle: '数据看板未启用',
  disabledHint: '管理员可在设置（运营设置 → 数据看板）中开启数据导出。',
  timeRange: '时间范围',
  startTime: '开始时间',
  endTime: '结束时间',
  granularity: '时间粒度',
  granularities: {
    hour: '小时',
    day: '天',
    week: '周',
  },
  username: '用户名称',
  usernamePlaceholder: '全部用户',
  query: '查询',
  totalQuota: '消耗额度',
  totalTokens: 'Tokens',
  totalCalls: '调用次数',
  averageRpm: '平均 RPM',
  consumptionChart: '模型消耗分布',
  callsChart: '模型调用次数占比',
  tokensChart: 'Tokens 趋势',
  empty: '该时间范围内没有使用数据',
  loadFailed: '看板数据加载失败',
  retry: '重试',
};

/** The dashboard strings, one object per language with the same shape. */
export const dashboardI18n = { en, zh };
