import { z } from 'zod';
import { roleSchema, userSummarySchema } from './common';
import { projectRoleSchema, projectSchema } from './projects';

export const projectAccessSchema = projectSchema.shape.access;
export type ProjectAccess = z.infer<typeof projectAccessSchema>;

export const projectMemberSchema = z.object({
  user: userSummarySchema,
  organizationRole: roleSchema,
  /** The project's own setting; a null role keeps the organization role. */
  override: z.object({ role: projectRoleSchema.nullable(), protectedEnvironments: z.boolean() }),
  /** What the member may do in this project, all settings taken together. */
  access: projectAccessSchema,
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;
export const projectMemberListSchema = z.object({ members: z.array(projectMemberSchema) });

export const updateProjectMemberBodySchema = z.strictObject({
  role: projectRoleSchema.nullable(),
  protectedEnvironments: z.boolean(),
});
export type UpdateProjectMemberBody = z.infer<typeof updateProjectMemberBodySchema>;

/** The details of a `protected_environment` error: the environments the refused change would have reached. */
export const protectedEnvironmentDetailsSchema = z.object({
  environments: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type ProtectedEnvironmentDetails = z.infer<typeof protectedEnvironmentDetailsSchema>;
