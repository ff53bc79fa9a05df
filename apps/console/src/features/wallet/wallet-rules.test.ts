import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  minimumTopUp,
  normalizeTopUpAmount,
  parsePayAnswer,
  parsePayMethods,
  payMethodColor,
  presetAmounts,
  returnedTradeNo,
  topUpProblem,
} from './wallet-rules';

describe('top-up amount', () => {
  it('raises amounts below 1 to 1 and keeps integers', () => {
    expect(normalizeTopUpAmount(0)).toBe(1);
    expect(normalizeTopUpAmount(-5)).toBe(1);
    expect(normalizeTopUpAmount(null)).toBe(1);
    expect(normalizeTopUpAmount('abc')).toBe(1);
    expect(normalizeTopUpAmount(12.7)).toBe(12);
    expect(normalizeTopUpAmount('30')).toBe(30);
  });
  it('needs online top-up enabled and the minimum reached', () => {
    expect(topUpProblem(10, 1, false)).toBe('notEnabled');
    expect(topUpProblem(4, 5, true)).toBe('belowMinimum');
    expect(topUpProblem(5, 5, true)).toBeNull();
  });
  it('never lets the minimum fall below 1', () => {
    expect(minimumTopUp(undefined)).toBe(1);
    expect(minimumTopUp(0)).toBe(1);
    expect(minimumTopUp(10)).toBe(10);
    expect(minimumTopUp(2.5)).toBe(3);
  });
  it('formats money with two decimals', () => {
    expect(formatMoney(73)).toBe('73.00');
    expect(formatMoney(19.71)).toBe('19.71');
  });
});

describe('pay methods', () => {
  it('keeps methods with a name and a type', () => {
    expect(parsePayMethods('[{"name":"Alipay","type":"zfb","color":"rgba(var(--semi-blue-5), 1)"},{"name":"","type":"x"},{"type":"wx"},3]')).toEqual([
      { name: 'Alipay', type: 'zfb', color: 'rgba(var(--semi-blue-5), 1)' },
    ]);
    expect(parsePayMethods(null)).toEqual([]);
  });
  it('reports a configuration error for text that is not a JSON list', () => {
    expect(parsePayMethods('{oops')).toBeNull();
    expect(parsePayMethods('{"name":"x"}')).toBeNull();
  });
  it('replaces theme variables the console does not have by a colour per type', () => {
    expect(payMethodColor({ name: 'Alipay', type: 'zfb', color: 'rgba(var(--semi-blue-5), 1)' })).toBe('#1677ff');
    expect(payMethodColor({ name: 'Card', type: 'card', color: '#123456' })).toBe('#123456');
    expect(payMethodColor({ name: 'Other', type: 'other' })).toBeUndefined();
  });
});

describe('pay answer', () => {
  it('reads a url with nested fields, or fields beside the url', () => {
    expect(parsePayAnswer({ url: 'https://pay.example/submit', data: { pid: 1001, sign: 'abc' } })).toEqual({
      url: 'https://pay.example/submit',
      method: 'POST',
      fields: { pid: '1001', sign: 'abc' },
    });
    expect(parsePayAnswer({ url: 'https://pay.example/submit', pid: '7' })).toEqual({ url: 'https://pay.example/submit', method: 'POST', fields: { pid: '7' } });
  });
  it('reads the server answer: url, method, signed fields and trade number', () => {
    expect(parsePayAnswer({ url: 'https://pay.example/submit.php', method: 'POST', fields: { pid: '1001', money: '73.00' }, trade_no: 'TP1' })).toEqual({
      url: 'https://pay.example/submit.php',
      method: 'POST',
      fields: { pid: '1001', money: '73.00' },
    });
    expect(parsePayAnswer({ url: 'https://checkout.example/s/1', method: 'GET', fields: {} })?.method).toBe('GET');
  });
  it('gives null without a url', () => {
    expect(parsePayAnswer({ data: {} })).toBeNull();
    expect(parsePayAnswer('x')).toBeNull();
  });
});

describe('return from the gateway', () => {
  it('reads the trade number the gateway sends back', () => {
    expect(returnedTradeNo(new URLSearchParams('out_trade_no=TP7T1&trade_status=TRADE_SUCCESS'))).toBe('TP7T1');
    expect(returnedTradeNo(new URLSearchParams('trade_status=TRADE_SUCCESS'))).toBeNull();
  });
  it('offers the presets at or above the minimum', () => {
    expect(presetAmounts([10, 20, 50, 100], 20)).toEqual([20, 50, 100]);
    expect(presetAmounts([10, 20], 1)).toEqual([10, 20]);
  });
});
