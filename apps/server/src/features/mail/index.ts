// The mail feature as the wiring uses it: nothing else of it may be imported from outside (Biome).
export { type RemindersSent, sendDueReminders } from './automatic-reminders.ts';
