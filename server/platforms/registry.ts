/**
 * Which platforms shops can live on, and which of them have an adapter. Adding a real platform:
 * write server/platforms/<name>/adapter.ts exporting an AdapterFactory and add it to ADAPTERS.
 *
 * @example
 * const adapter = adapterFor('sandbox', env); // PlatformAdapter, or null when none is written yet
 */
import app from '../../schemas/app.json';
import type { AdapterFactory, PlatformAdapter, PlatformEnv } from './types';
import { sandboxAdapter } from './sandbox/adapter';

/** SANDBOX_PLATFORM=off hides the built-in sandbox (its adapter and its public endpoints). */
export const SANDBOX_ENABLED = (process.env.SANDBOX_PLATFORM ?? '').trim().toLowerCase() !== 'off';

const ADAPTERS: Record<string, AdapterFactory> = {
  ...(SANDBOX_ENABLED ? { sandbox: sandboxAdapter } : {}),
};

/** Platform values a shop may have: the shared "platform" enum without "manual" (hand-entered orders). */
export const SHOP_PLATFORMS: readonly string[] = app.enums.platform.values.map((v) => String(v.value)).filter((v) => v !== 'manual');

export function isShopPlatform(platform: string): boolean {
  return SHOP_PLATFORMS.includes(platform);
}

export function hasAdapter(platform: string): boolean {
  return Object.prototype.hasOwnProperty.call(ADAPTERS, platform);
}

export function adapterFor(platform: string, env: PlatformEnv): PlatformAdapter | null {
  const factory = hasAdapter(platform) ? ADAPTERS[platform] : undefined;
  return factory ? factory(env) : null;
}
