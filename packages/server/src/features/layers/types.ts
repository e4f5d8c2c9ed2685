import type { ExperimentStatus } from '@tabula/protocol';

/** Experiments of one layer own disjoint slot ranges of it, so a unit enters at most one of them. */
export interface Layer {
  id: string;
  projectId: string;
  key: string;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Slots [start, end) of a layer's 10000. */
export interface SlotRange {
  start: number;
  end: number;
}

/** An experiment that refers to a layer, with the range it holds there (running or paused only). */
export interface LayerMember {
  layerId: string;
  key: string;
  name: string;
  status: ExperimentStatus;
  slotStart: number | null;
  slotEnd: number | null;
}

export interface HeldRange extends SlotRange {
  experiment: string;
  name: string;
  status: ExperimentStatus;
}

/** A layer with its slot map: who holds which range, what is free, and who is in it holding nothing. */
export interface LayerWithSlots extends Layer {
  slots: HeldRange[];
  free: SlotRange[];
  experiments: string[];
}
