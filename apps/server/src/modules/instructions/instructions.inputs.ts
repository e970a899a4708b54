import { z } from 'zod';
import { isUuid } from '../../platform/ids.ts';
import { INSTRUCTION_CONTENT_MAX } from './instructions.rules.ts';

/** GraphQL sends null for fields a client set to null: treat it as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined);
}

const optionalId = z
  .union([z.literal(''), z.string().refine(isUuid, 'must be a UUID')])
  .nullish()
  .transform((v) => (v ? v : undefined));

/** `saveInstruction(model)`: shape only; instructions.rules.ts checks the content. */
export const saveInstructionInput = z.object({
  id: optionalId,
  title: optional(z.string().max(200)),
  title_en: optional(z.string().max(400)),
  content: optional(z.string().max(INSTRUCTION_CONTENT_MAX)),
  content_en: optional(z.string().max(INSTRUCTION_CONTENT_MAX)),
  order: optional(z.number().int().min(-100000).max(100000)),
  state: optional(z.string().max(20)),
});

const stringFilter = z
  .object({ eq: optional(z.string().max(200)), like: optional(z.string().max(200)) })
  .nullish()
  .transform((v) => v ?? undefined);

export const instructionFilterInput = z
  .object({ title: stringFilter, state: stringFilter })
  .nullish()
  .transform((v) => ({ title: v?.title, state: v?.state }));
export type InstructionFilter = z.output<typeof instructionFilterInput>;
