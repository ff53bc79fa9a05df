// Online top-up orders as the server stores and answers them, shared by the server and the console.
import { z } from 'zod';

/** Status of a top-up order: created pending, success once paid and credited. */
export const TopupStatus = { Pending: 'pending', Success: 'success' } as const;

/** One of TopupStatus's values. */
export type TopupStatusValue = (typeof TopupStatus)[keyof typeof TopupStatus];

/** A top-up order as the order lists answer it. */
export interface TopupOrder {
  id: number;
  trade_no: string;
  user_id: number;
  amount: number;
  quota: number;
  /** Money paid, two decimals. */
  money: number;
  provider: string;
  payment_method: string;
  status: TopupStatusValue;
  created_at: number;
  /** Unix seconds of the credit; 0 while pending. */
  completed_at: number;
}

/** `POST /api/user/pay`'s data: where the browser posts the form, and the signed form fields. */
export interface PayRedirect {
  url: string;
  method: 'POST' | 'GET';
  fields: Record<string, string>;
  trade_no: string;
}

/** Body of `POST /api/user/topup/complete` (an admin completes a stuck order). */
export const topupCompleteSchema = z.object({
  trade_no: z.string({ error: 'trade_no is required' }).trim().min(1, 'trade_no is required'),
});

/** The amounts the wallet offers as presets (new-api's default amount options). */
export const topupPresetAmounts: readonly number[] = [10, 20, 50, 100, 200, 500];
