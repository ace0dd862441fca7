export default defineContentScript({
  matches: ['https://www.linkedin.com/*', 'https://linkedin.com/*', 'https://*.linkedin.com/*'],
  main() {},
});
