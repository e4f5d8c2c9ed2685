import type { FlagRule, FlagType, Variant } from '@tabula/protocol';

export interface Flag {
  id: string;
  projectId: string;
  key: string;
  name: string;
  description: string;
  type: FlagType;
  variants: Variant[];
  /** Served when the flag is on and no rule matches. */
  defaultVariant: string;
  /** Served while the flag is off. */
  offVariant: string;
  tags: string[];
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A flag as one environment sees it: whether it is on there and its ordered rules. */
export interface EnvironmentFlag extends Flag {
  enabled: boolean;
  rules: FlagRule[];
}
