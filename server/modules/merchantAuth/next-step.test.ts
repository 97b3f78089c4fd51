import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { AUTH_EXPIRING_DAYS, nextStepOf } from './next-step';

const shop = (over: Partial<Parameters<typeof nextStepOf>[0]>) =>
  nextStepOf({ platform: 'sandbox', authStatus: 'authorized', authExpiring: false, syncStatus: 'done', lastSyncAt: '2026-11-01T00:00:00.000Z', ...over });

describe('nextStepOf: what a shop needs next, from its platform and state', () => {
  it('a platform with an adapter: authorise when not (or soon not) authorised, else the sync state', () => {
    expect(shop({ authStatus: 'pending', lastSyncAt: null, syncStatus: null })).toBe('authorize');
    expect(shop({ authStatus: 'expired' })).toBe('authorize');
    expect(shop({ authStatus: 'unbound' })).toBe('authorize');
    expect(shop({ authExpiring: true })).toBe('authorize');
    expect(shop({ syncStatus: 'running' })).toBe('syncing');
    expect(shop({ syncStatus: 'failed' })).toBe('retrySync');
    expect(shop({ syncStatus: null, lastSyncAt: null })).toBe('sync');
    expect(shop({})).toBe('ready');
  });

  it('a platform without one: the manual path, by status', () => {
    expect(shop({ platform: 'meituan', authStatus: 'pending' })).toBe('manualPending');
    expect(shop({ platform: 'taobao', authStatus: 'expired' })).toBe('manualExpired');
    expect(shop({ platform: 'tmall', authExpiring: true })).toBe('manualExpired');
    expect(shop({ platform: 'jd' })).toBe('manualOrders');
    expect(shop({ platform: 'pdd', authStatus: 'unbound' })).toBe('none');
    // a sync state never applies to it
    expect(shop({ platform: 'jd', syncStatus: 'failed' })).toBe('manualOrders');
  });

  it('the "expiring" wording names the constant', () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const m = JSON.parse(readFileSync(new URL(`../../../locales/${locale}/merchantAuth.json`, import.meta.url), 'utf8')) as Record<string, string>;
      expect(m['merchantAuth.todo.expiring']).toContain(String(AUTH_EXPIRING_DAYS));
      expect(m['merchantAuth.authExpiringHelp']).toContain(String(AUTH_EXPIRING_DAYS));
    }
  });
});
