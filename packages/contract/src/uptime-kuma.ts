// The Uptime Kuma monitor groups (new-api's console_setting.uptime_kuma_groups) and the status answer they produce.
import { z } from 'zod';

/** Uptime Kuma status-page slugs: letters, digits, `_` and `-`. */
const slugPattern = /^[A-Za-z0-9_-]+$/;

/** One configured group: a category shown on the dashboard, read from one Kuma status page. */
export const uptimeKumaGroupSchema = z
  .object({
    id: z.number().int().optional(),
    categoryName: z.string().trim().min(1, 'each uptime group needs a category name').max(50, 'an uptime category name must be at most 50 characters'),
    url: z
      .string()
      .trim()
      .min(1, 'each uptime group needs a URL')
      .max(500, 'an uptime URL must be at most 500 characters')
      .refine((value) => /^https?:\/\/[^/]/i.test(value) && URL.canParse(value), 'an uptime URL must be an http(s) URL'),
    slug: z.string().trim().min(1, 'each uptime group needs a slug').max(100, 'an uptime slug must be at most 100 characters').regex(slugPattern, 'an uptime slug may contain only letters, digits, _ and -'),
    description: z.string().max(200, 'an uptime group description must be at most 200 characters').optional(),
  })
  .loose();

/** The groups option: up to 20 groups with distinct category names. */
export const uptimeKumaGroupsSchema = z
  .array(uptimeKumaGroupSchema)
  .max(20, 'at most 20 uptime groups')
  .refine((groups) => new Set(groups.map((group) => group.categoryName)).size === groups.length, 'uptime category names must be distinct');

/** One configured group. */
export type UptimeKumaGroup = z.infer<typeof uptimeKumaGroupSchema>;

/** One monitor as `GET /api/uptime/status` answers it. */
export interface UptimeMonitor {
  name: string;
  /** The 24-hour uptime ratio Kuma reports (0–1). */
  uptime: number;
  /** Kuma's heartbeat status: 0 down, 1 up, 2 pending, 3 maintenance. */
  status: number;
  /** The status page's public group the monitor is listed under. */
  group?: string;
}

/** One category of `GET /api/uptime/status`. */
export interface UptimeCategory {
  categoryName: string;
  monitors: UptimeMonitor[];
}
