/**
 * The time zone of an organisation made where the browser's zone is not Australian, and of one whose zone was
 * never given. Each organisation has its own (Organisation details): every time the product shows, and every
 * "today", is in it. A file of its own: the web app's first download needs only this of the calendar's functions.
 */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
