import { z } from 'zod';

/*
 * Side-effect module: import it FIRST in every entrypoint that can reach zod (background, side panel,
 * popup, options). An extension page's CSP forbids eval, and zod decides whether to compile its fast
 * object parsers with `new Function` when each object schema is BUILT (at import time of the modules that
 * declare schemas); without `jitless` it probes eval once, which the browser reports as a CSP violation
 * even though zod catches the error. ES modules run in import order, so this must come before any import
 * that declares a schema.
 */
z.config({ jitless: true });
