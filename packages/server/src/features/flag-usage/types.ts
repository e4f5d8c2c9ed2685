/** Evaluations of one flag's variant that SDKs of an environment reported. */
export interface EvaluationReport {
  projectId: string;
  environmentId: string;
  /** As the SDK asked for it: a key the project may not have. */
  flagKey: string;
  /** NO_VARIANT ('') when none was served or the SDK did not say. */
  variant: string;
  count: number;
}

/** That an SDK client of an environment reported. */
export interface SdkInstanceReport {
  projectId: string;
  environmentId: string;
  /** '' for browsers, counted together per SDK name and version. */
  instanceId: string;
  sdkName: string;
  sdkVersion: string;
}

/** What SDK requests tell of their flag evaluations, beside their events. */
export interface UsageReport {
  evaluations: EvaluationReport[];
  instances: SdkInstanceReport[];
}

/** One hour's evaluations of one variant. */
export interface HourlyCount {
  variant: string;
  hour: Date;
  count: number;
}

export interface SdkInstanceRow {
  environmentKey: string;
  instanceId: string;
  sdkName: string;
  sdkVersion: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export interface UnknownFlagRow {
  environmentKey: string;
  flagKey: string;
  evaluations: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}
