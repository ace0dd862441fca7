export { browserKvStore, type KvStore, type StorageAreaLike } from './kv-store';
export {
  ResponseCache,
  classifyApiResult,
  looksLikeSample,
  type ApiResultLike,
  type CacheEntry,
  type CacheKind,
  type CacheOutcome,
  type Classified,
  type FetchOptions,
  type ResponseCacheOptions,
} from './response-cache';
