import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membership, project, projectMember, user } from '../../db/schema';
import type { ProjectOverride } from './effective-access';

const overrideColumns = { role: projectMember.role, protectedEnvironments: projectMember.protectedEnvironments };
const onMember = (projectId: string) =>
  and(eq(projectMember.projectId, projectId), eq(projectMember.userId, membership.userId));

/** The project's organization and the caller's own setting there, in one round trip; null: no such project. */
export async function selectUserProjectAccess(db: Database, projectId: string, userId: string) {
  const [row] = await db
    .select({ organizationId: project.organizationId, ...overrideColumns })
    .from(project)
    .leftJoin(projectMember, and(eq(projectMember.projectId, project.id), eq(projectMember.userId, userId)))
    .where(eq(project.id, projectId));
  if (!row) return null;
  const override: ProjectOverride | null =
    row.protectedEnvironments === null ? null : { role: row.role, protectedEnvironments: row.protectedEnvironments };
  return { organizationId: row.organizationId, override };
}

/** Every member of the project's organization, with the project's setting for them where it has one. */
export async function selectProjectMembers(db: Database, projectId: string, organizationId: string, userId?: string) {
  const conditions = [eq(membership.organizationId, organizationId)];
  if (userId) conditions.push(eq(membership.userId, userId));
  const rows = await db
    .select({
      user: { id: user.id, email: user.email, name: user.name },
      organizationRole: membership.role,
      ...overrideColumns,
    })
    .from(membership)
    .innerJoin(user, eq(user.id, membership.userId))
    .leftJoin(projectMember, onMember(projectId))
    .where(and(...conditions))
    .orderBy(asc(membership.createdAt), asc(user.email));
  return rows.map(({ role, protectedEnvironments, ...rest }) => ({
    ...rest,
    override: protectedEnvironments === null ? null : { role, protectedEnvironments },
  }));
}

export async function upsertProjectMember(tx: Database, projectId: string, userId: string, override: ProjectOverride) {
  await tx
    .insert(projectMember)
    .values({ projectId, userId, ...override })
    .onConflictDoUpdate({
      target: [projectMember.projectId, projectMember.userId],
      set: { ...override, updatedAt: new Date() },
    });
}

export async function deleteProjectMember(tx: Database, projectId: string, userId: string) {
  await tx.delete(projectMember).where(and(eq(projectMember.projectId, projectId), eq(projectMember.userId, userId)));
}

/** The member's own settings in every project that has one for them. */
export async function selectUserOverrides(db: Database, userId: string) {
  return db
    .select({ projectId: projectMember.projectId, ...overrideColumns })
    .from(projectMember)
    .where(eq(projectMember.userId, userId));
}
