// Strings of the wallet page (/topup), in English and Chinese with identical shapes.

const en = {
  balance: {
    title: 'Balance',
    quota: 'Current balance',
    used: 'Used so far',
    requests: 'Requests',
  },
  redeem: {
    title: 'Redeem a code',
    placeholder: 'Enter a redemption code',
    hint: 'A redemption code adds its quota to your balance once; codes are handed out by the administrator or sold through the top-up link.',
    submit: 'Redeem',
    getCode: 'Get a redemption code',
    empty: 'Please enter the redemption code',
    succeeded: 'Redeemed successfully: {{amount}} added to your balance',
    noTopUpLink: 'The super administrator has not set a top-up link',
  },
  online: {
    title: 'Online top-up',
    amount: 'Top-up amount',
    amountPlaceholder: 'At least {{minimum}}',
    minimumHint: 'Minimum top-up: {{minimum}}',
    payable: 'Amount to pay',
    payableValue: '{{money}}',
    calculating: 'Calculating…',
    methods: 'Pay with',
    noMethods: 'No payment method is configured',
    methodsConfigError: 'Payment method configuration error, please contact the administrator',
    notEnabled: 'The administrator has not enabled online top-up',
    belowMinimum: 'The top-up amount cannot be less than {{minimum}}',
    confirmTitle: 'Confirm the top-up',
    confirmAmount: 'Top-up amount',
    confirmPayable: 'Amount to pay',
    confirmMethod: 'Payment method',
    confirmOk: 'Pay',
    redirecting: 'Opening the payment page…',
    payFailed: 'The payment could not be started',
  },
};

const zh: typeof en = {
  balance: {
    title: '余额',
    quota: '当前余额',
    used: '历史消耗',
    requests: '请求次数',
  },
  redeem: {
    title: '兑换码充值',
    placeholder: '请输入兑换码',
    hint: '每个兑换码只能使用一次，兑换后额度直接加入你的余额；兑换码由管理员发放，或通过充值链接购买。',
    submit: '兑换额度',
    getCode: '获取兑换码',
    empty: '请输入兑换码！',
    succeeded: '兑换成功！已为你增加 {{amount}} 额度',
    noTopUpLink: '超级管理员未设置充值链接！',
  },
  online: {
    title: '在线充值',
    amount: '充值数量',
    amountPlaceholder: '最少 {{minimum}}',
    minimumHint: '最低充值数量：{{minimum}}',
    payable: '实付金额',
    payableValue: '{{money}} 元',
    calculating: '计算中…',
    methods: '支付方式',
    noMethods: '未配置支付方式',
    methodsConfigError: '支付方式配置错误，请联系管理员',
    notEnabled: '管理员未开启在线充值！',
    belowMinimum: '充值数量不能小于 {{minimum}}',
    confirmTitle: '确认充值',
    confirmAmount: '充值数量',
    confirmPayable: '实付金额',
    confirmMethod: '支付方式',
    confirmOk: '去支付',
    redirecting: '正在打开支付页面…',
    payFailed: '无法发起支付',
  },
};

/** The wallet page strings. */
export const walletI18n = { en, zh };
