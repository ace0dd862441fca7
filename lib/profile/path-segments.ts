/** Non-empty path segments: `//jack/` and `/jack` are the same page to X and LinkedIn. */
export function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}
