import { config, z } from 'zod';

// The schemas import zod from here, so this runs before the first one is made. In a browser the web app's
// Content-Security-Policy forbids eval: zod must not compile its parsers there, nor probe whether it can (the
// probe is itself a policy violation). zod decides when a schema is made, hence here rather than in the app.
if ('document' in globalThis) {
  config({ jitless: true });
}

export { z };
