// The Kysely database type: one interface per domain, kept beside its module.
import type { UsersTables } from '../modules/users/users.tables';

export interface DB extends UsersTables {
  schemaMigrations: { name: string; appliedAt: Date };
}
