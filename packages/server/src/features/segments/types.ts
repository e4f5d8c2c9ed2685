import type { Condition } from '@tabula/protocol';

/** A saved audience: flag rules and experiments refer to it by key. */
export interface Segment {
  id: string;
  projectId: string;
  key: string;
  name: string;
  description: string;
  conditions: Condition[];
  createdAt: Date;
  updatedAt: Date;
}
