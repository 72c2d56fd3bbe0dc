import { saveOf } from './records.ts';
import { requiredText } from './text-fields.ts';
import { z } from './zod.ts';

export const technicianMessages = {
  name: 'Enter the technician name.',
  duplicate: 'A technician with this name already exists.',
  assignee: 'Choose a technician of this organisation.',
  retired: 'This technician is retired and takes no new jobs. Choose another technician.',
} as const;

/** A technician: a row of the scheduler, whom jobs are assigned to. Retired ones keep their past jobs. */
export const technicianFields = z.object({
  name: requiredText(technicianMessages.name, 100),
  retired: z.boolean({ error: 'Say whether the technician is retired.' }).default(false),
});

export const technicianUpdate = saveOf(technicianFields);

export type TechnicianFields = z.output<typeof technicianFields>;
export type TechnicianUpdate = z.output<typeof technicianUpdate>;

export const technicianRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  retired: z.boolean(),
  created: z.string(),
  updated: z.string(),
});

export type Technician = z.infer<typeof technicianRecord>;

/** The technicians every organisation starts with (the specification's five resources). */
export const STARTING_TECHNICIANS = ['SE01', 'SE02', 'SE03', 'SE04', 'SE05'] as const;
