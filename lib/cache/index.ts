export { ResponseCache, type CacheOutcome, type Classified, type ResponseCacheOptions } from './response-cache';
