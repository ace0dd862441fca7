import { vi } from 'vitest';

/** The parts of the generated manifest the build tests read. */
export interface BuiltManifest {
  host_permissions?: string[];
  optional_host_permissions?: string[];
  commands?: Record<string, { suggested_key?: { default?: string }; description?: string }>;
}

/** The manifest wxt.config.ts generates for `browser` under `env` (it reads the environment when it loads: imported afresh). */
export async function manifestFor(env: Record<string, string | undefined>, browser = 'chrome'): Promise<BuiltManifest> {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const { default: config } = await import('../../wxt.config');
  const manifest = config.manifest as (env: { browser: string }) => BuiltManifest;
  return manifest({ browser });
}
