-- Each page of jobs written from now on keeps a tenth free, so a save that changes no indexed column (a
-- technician assigned, the lines, the due date, the notes) puts the new version of the row on its own page: a
-- "heap-only tuple" update, with no new entry in any of the table's seven indexes (two of them trigram GIN indexes).
-- Full pages are left as they are; the jobs being worked on are mostly the new ones (docs/performance.md).
ALTER TABLE "jobs" SET (fillfactor = 90);
