export { browserKvStore, type KvStore } from './kv-store';
export { ResponseCache, type CacheOutcome, type Classified, type ResponseCacheOptions } from './response-cache';
