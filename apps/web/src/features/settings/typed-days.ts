/** Whole days as typed ("14", " 30 "); anything else is NaN, for the schema's message. */
export const daysFrom = (typed: string) => (/^\s*\d{1,6}\s*$/.test(typed) ? Number(typed) : Number.NaN);

/** Days as typed in one box, separated by commas or spaces ("7, 21"); blank: none. Not a number: 0, refused. */
export const dayListFrom = (typed: string) =>
  typed
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map((part) => daysFrom(part) || 0);
