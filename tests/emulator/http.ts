// Response helpers shared by the API, the app host and the control surface.

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  // Browsers hide non-safelisted headers from scripts unless exposed.
  'Access-Control-Expose-Headers':
    'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Service-API-Version, Service-Sample',
  'Access-Control-Max-Age': '600',
};

export const VERSION_HEADER = 'Service-API-Version';
export const SAMPLE_HEADER = 'Service-Sample';

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, ...headers, 'Content-Type': 'application/json' },
  });
}

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Page not found</title></head>
<body>
<h1>404 - Page not found</h1>
<p>This is the web application. It has no API routes: send API calls to the base URL reported by GET /v1/me.</p>
</body>
</html>
`;

/** The application host: an HTML 404 for every request, never JSON. */
export function appNotFound(): Response {
  return new Response(NOT_FOUND_PAGE, { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

export const delay = (ms: number): Promise<void> => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
