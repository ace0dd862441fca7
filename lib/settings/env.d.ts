// Build-time default API origin: set by wxt.config.ts (`vite.define`) from the WXT_API_BASE_URL env var.
interface ImportMetaEnv {
  readonly WXT_API_BASE_URL?: string;
  /** 'true' in release builds (`npm run zip`): no loopback host permission, no plain-http API base. */
  readonly WXT_RELEASE?: string;
}
