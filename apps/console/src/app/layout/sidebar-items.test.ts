import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { buildSidebarItems, sidebarKeyFor, type SidebarContext } from './sidebar-items';

const t = ((key: string) => key) as unknown as TFunction;

function keysOf(context: Partial<SidebarContext>): string[] {
  const items = buildSidebarItems({ t, isAdmin: false, chats: [], enableDataExport: false, enableDrawing: false, enableTask: false, ...context });
  const keys: string[] = [];
  const walk = (list: unknown[]): void => {
    for (const item of list) {
      const entry = item as { key?: string; children?: unknown[] };
      if (entry.key) keys.push(entry.key);
      if (entry.children) walk(entry.children);
    }
  };
  walk(items);
  return keys;
}

describe('buildSidebarItems', () => {
  it('shows tokens, logs, wallet and personal settings to every user but hides flagged and admin entries', () => {
    const keys = keysOf({});
    expect(keys).toEqual(expect.arrayContaining(['/playground', '/token', '/log', '/topup', '/personal']));
    for (const hidden of ['/detail', '/midjourney', '/task', '/channel', '/redemption', '/user', '/setting', 'chat', 'admin-group']) {
      expect(keys).not.toContain(hidden);
    }
  });
  it('shows the dashboard, drawing and task entries only when their flags are on', () => {
    expect(keysOf({ enableDataExport: true, enableDrawing: true, enableTask: true })).toEqual(
      expect.arrayContaining(['/detail', '/midjourney', '/task']),
    );
  });
  it('shows the admin section to admins', () => {
    expect(keysOf({ isAdmin: true })).toEqual(expect.arrayContaining(['admin-group', '/channel', '/redemption', '/user', '/setting']));
  });
  it('lists one chat entry per configured chat link', () => {
    expect(keysOf({ chats: [{ 'Next Web': 'https://a.test' }, { Lobe: 'https://b.test' }] })).toEqual(
      expect.arrayContaining(['chat', '/chat/0', '/chat/1']),
    );
  });
});

describe('sidebarKeyFor', () => {
  it('highlights the section of nested paths', () => {
    expect(sidebarKeyFor('/user/edit/3')).toBe('/user');
    expect(sidebarKeyFor('/chat/1')).toBe('/chat/1');
    expect(sidebarKeyFor('/personal')).toBe('/personal');
  });
});
