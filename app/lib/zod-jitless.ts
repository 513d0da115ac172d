import * as z from "zod";

// The pages' Content-Security-Policy allows no eval. zod's JIT probes `new Function` when the
// first object schema is built, and the browser reports that probe as a CSP violation even
// though zod catches it, so schemas are built and parsed without the JIT. This module is the
// root route's first import: it runs before any module that defines a schema.
z.config({ jitless: true });
