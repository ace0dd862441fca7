// Build-time default API origin: set by wxt.config.ts (`vite.define`) from the WXT_API_BASE_URL env var.
interface ImportMetaEnv {
  readonly WXT_API_BASE_URL?: string;
}
