export default defineContentScript({
  matches: ['https://x.com/*', 'https://*.x.com/*', 'https://twitter.com/*', 'https://*.twitter.com/*'],
  main() {},
});
