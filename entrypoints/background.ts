export default defineBackground(() => {
  // Wired in the background-worker issue.
});
