-- intarray's `&` intersects sorted arrays of numbers in C: the numbers every word of a search has
-- (platform/lists/word-pages.ts, keptWordsSql), in place of INTERSECT, which hashed every number row by row.
-- Trusted, like pg_trgm (0002): a role with CREATE on the database may create it.
CREATE EXTENSION IF NOT EXISTS intarray;
