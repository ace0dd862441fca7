import { describe, expect, it } from 'vitest';
import { parseXUrl } from './parse-x-url';

// [url, expected handle as written, or null]
const table: [string, string | null][] = [
  // Profiles on every X host
  ['https://x.com/VitalikButerin', 'VitalikButerin'],
  ['https://x.com/elonmusk/', 'elonmusk'],
  ['https://www.x.com/cz_binance', 'cz_binance'],
  ['https://mobile.x.com/brian_armstrong', 'brian_armstrong'],
  ['https://twitter.com/jack', 'jack'],
  ['https://www.twitter.com/naval', 'naval'],
  ['https://mobile.twitter.com/balajis?lang=en', 'balajis'],
  ['http://twitter.com/aantonop', 'aantonop'],
  ['https://X.COM/SBF_FTX', 'SBF_FTX'],
  ['https://x.com/a16zcrypto?s=21&t=Zp1zJYhpV6nJ2bKX8u3sfQ', 'a16zcrypto'],
  ['https://x.com/punk6529#top', 'punk6529'],
  ['https://x.com/_', '_'],
  ['https://x.com/0xSisyphus', '0xSisyphus'],
  ['https://x.com/x', 'x'],
  ['https://x.com/Support', 'Support'],
  ['https://x.com/business', 'business'],
  ['https://twitter.com/abcdefghijklmnopqrst', 'abcdefghijklmnopqrst'],
  ['x.com/hasufl', 'hasufl'],
  ['//twitter.com/haydenzadams', 'haydenzadams'],
  ['https://twitter.com/#!/gavinandresen', 'gavinandresen'],
  ['https://twitter.com/#!/gavinandresen/status/1', 'gavinandresen'],
  // Profile tabs
  ['https://x.com/VitalikButerin/with_replies', 'VitalikButerin'],
  ['https://x.com/VitalikButerin/media', 'VitalikButerin'],
  ['https://x.com/VitalikButerin/likes', 'VitalikButerin'],
  ['https://x.com/VitalikButerin/highlights', 'VitalikButerin'],
  ['https://x.com/VitalikButerin/articles', 'VitalikButerin'],
  ['https://x.com/coinbase/affiliates', 'coinbase'],
  ['https://x.com/naval/superfollows', 'naval'],
  ['https://x.com/naval/verified_followers', 'naval'],
  ['https://x.com/naval/followers', 'naval'],
  ['https://x.com/naval/following/', 'naval'],
  ['https://x.com/naval/followers_you_follow', 'naval'],
  ['https://x.com/naval/creator-subscriptions', 'naval'],
  ['https://x.com/naval/lists', 'naval'],
  ['https://x.com/naval/lists/memberships', 'naval'],
  ['https://x.com/naval/photo', 'naval'],
  ['https://x.com/naval/header_photo', 'naval'],
  ['https://x.com/naval/about', 'naval'],
  // Posts resolve to their author
  ['https://x.com/VitalikButerin/status/1861342219873493230', 'VitalikButerin'],
  ['https://x.com/VitalikButerin/status/1861342219873493230?s=46&t=abc', 'VitalikButerin'],
  ['https://twitter.com/jack/status/20', 'jack'],
  ['https://x.com/cobie/status/1655555555555555555/photo/1', 'cobie'],
  ['https://x.com/cobie/status/1655555555555555555/video/1', 'cobie'],
  ['https://x.com/cobie/status/1655555555555555555/analytics', 'cobie'],
  ['https://x.com/cobie/status/1655555555555555555/quotes', 'cobie'],
  ['https://x.com/cobie/status/1655555555555555555/retweets', 'cobie'],
  ['https://x.com/cobie/status/1655555555555555555/likes', 'cobie'],
  ['https://x.com/cobie/status/1655555555555555555/history', 'cobie'],
  ['https://twitter.com/cobie/statuses/1655555555555555555', 'cobie'],
  ['https://mobile.twitter.com/cobie/status/1655555555555555555', 'cobie'],
  ['https://x.com/cobie/status/1655555555555555555/retweets/with_comments', 'cobie'],
  ['https://x.com/cobie/Status/1655555555555555555', 'cobie'],
  ['https://x.com/cobie/article/1655555555555555555', 'cobie'],
  // Intents that name an account
  ['https://x.com/intent/user?screen_name=saylor', 'saylor'],
  ['https://twitter.com/intent/follow?original_referer=https%3A%2F%2Fexample.com&screen_name=saylor', 'saylor'],
  ['https://x.com/intent/user?screen_name=%40saylor', 'saylor'],
  ['https://x.com/intent/user?user_id=244647486', null],
  ['https://x.com/intent/user?screen_name=home', null],
  ['https://x.com/intent/tweet?text=gm&url=https%3A%2F%2Fx.com%2Fjack', null],
  ['https://x.com/intent/post?text=gm', null],
  ['https://x.com/intent/retweet?tweet_id=1655555555555555555', null],
  ['https://x.com/intent/like?tweet_id=1655555555555555555', null],
  // App routes are never profiles
  ['https://x.com/', null],
  ['https://x.com/home', null],
  ['https://x.com/explore', null],
  ['https://x.com/explore/tabs/for-you', null],
  ['https://x.com/notifications', null],
  ['https://x.com/notifications/mentions', null],
  ['https://x.com/messages', null],
  ['https://x.com/messages/1234-5678', null],
  ['https://x.com/i/bookmarks', null],
  ['https://x.com/i/lists/1585430245762441216', null],
  ['https://x.com/i/status/1861342219873493230', null],
  ['https://x.com/i/web/status/1861342219873493230', null],
  ['https://x.com/i/user/44196397', null],
  ['https://x.com/i/spaces/1OwxWXoaqBZGQ', null],
  ['https://x.com/i/communities/1493446837214187523', null],
  ['https://x.com/i/grok', null],
  ['https://x.com/i/flow/login', null],
  ['https://x.com/i/premium_sign_up', null],
  ['https://x.com/settings/profile', null],
  ['https://x.com/search?q=%24ETH&src=typed_query', null],
  ['https://x.com/search-advanced', null],
  ['https://x.com/compose/post', null],
  ['https://x.com/login', null],
  ['https://x.com/logout', null],
  ['https://x.com/signup', null],
  ['https://x.com/share?text=gm', null],
  ['https://x.com/hashtag/bitcoin?src=hashtag_click', null],
  ['https://x.com/lists', null],
  ['https://x.com/account/access', null],
  ['https://x.com/tos', null],
  ['https://x.com/privacy', null],
  ['https://x.com/jobs', null],
  ['https://x.com/premium', null],
  ['https://x.com/communities', null],
  ['https://x.com/grok', null],
  ['https://x.com/bookmarks', null],
  ['https://x.com/topics', null],
  ['https://x.com/who_to_follow', null],
  ['https://x.com/download', null],
  ['https://x.com/about', null],
  ['https://x.com/rules', null],
  ['https://x.com/sw.js', null],
  ['https://x.com/robots.txt', null],
  ['https://x.com/manifest.json', null],
  ['https://x.com/favicon.ico', null],
  ['https://x.com/oauth/authorize?oauth_token=abc', null],
  ['https://x.com/HOME', null],
  // Not profile pages under a handle
  ['https://x.com/jack/status', null],
  ['https://x.com/jack/status/', null],
  ['https://x.com/jack/status/not-a-number', null],
  ['https://x.com/jack/article', null],
  ['https://x.com/jack/lists/crypto-founders', null],
  ['https://x.com/jack/unknown-tab', null],
  ['https://x.com/jack/media/extra', null],
  // Bad handles
  ['https://x.com/abcdefghijklmnopqrstu', null],
  ['https://x.com/jack.dorsey', null],
  ['https://x.com/@jack', null],
  ['https://x.com/jack-dorsey', null],
  ['https://x.com/j%C3%BCrgen', null],
  // Other hosts
  ['https://pro.x.com/i/decks/1', null],
  ['https://developer.x.com/en/docs', null],
  ['https://help.x.com/en/rules-and-policies', null],
  ['https://api.x.com/2/users/by/username/jack', null],
  ['https://tweetdeck.twitter.com/', null],
  ['https://x.com.evil.example/jack', null],
  ['https://notx.com/jack', null],
  ['https://t.co/AbCdEf123', null],
  ['https://nitter.net/jack', null],
  ['https://www.linkedin.com/in/jack', null],
  // Not URLs
  ['', null],
  ['jack', null],
  ['/jack', null],
  ['javascript:alert(1)', null],
  ['ftp://x.com/jack', null],
  ['data:text/html,<a href="https://x.com/jack">', null],
];

describe('parseXUrl', () => {
  it('has a large table', () => expect(table.length).toBeGreaterThanOrEqual(50));

  it.each(table)('%s → %s', (url, handle) => {
    const profile = parseXUrl(url);
    if (handle === null) {
      expect(profile).toBeNull();
    } else {
      expect(profile).toEqual({
        site: 'x',
        handle,
        key: `x:${handle.toLowerCase()}`,
        url: `https://x.com/${handle}`,
      });
    }
  });

  it('gives one key whatever the case', () => {
    expect(parseXUrl('https://x.com/VITALIKBUTERIN')?.key).toBe(parseXUrl('https://twitter.com/vitalikbuterin/media')?.key);
  });

  it('accepts URL objects', () => {
    expect(parseXUrl(new URL('https://x.com/jack'))?.handle).toBe('jack');
  });
});
