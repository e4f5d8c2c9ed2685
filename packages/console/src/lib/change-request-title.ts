import type { ChangeOperation, ChangeRequest } from '@tabula/protocol';
import type { TFunction } from 'i18next';

/** What of a flag's environment a change touches, in the order people think of them. */
const FLAG_PARTS = ['enabled', 'rules', 'prerequisites'] as const;

export interface TitleContext {
  t: TFunction;
  language: string;
  /** The environment's name when the request names it, else its key. */
  environmentName: (key: string) => string;
}

const list = (items: string[], language: string) =>
  new Intl.ListFormat(language, { type: 'conjunction' }).format(items);

/** One line a reviewer reads first: what the change does and where, e.g. "Flag checkout in Production: switch and rules". */
export function operationTitle(operation: ChangeOperation, { t, language, environmentName }: TitleContext): string {
  switch (operation.kind) {
    case 'flag.environment': {
      const parts = FLAG_PARTS.filter((part) => operation.change[part] !== undefined).map((part) =>
        t(`changeRequests:operations.parts.${part}`),
      );
      return t('changeRequests:operations.flagEnvironment', {
        flag: operation.flag,
        environment: environmentName(operation.environment),
        parts: list(parts, language),
      });
    }
    case 'flag.rollout':
      return t('changeRequests:operations.flagRollout', {
        flag: operation.flag,
        variant: operation.variant,
        percentage: operation.percentage,
        environment: environmentName(operation.environment),
      });
    case 'experiment.start':
      return t('changeRequests:operations.experimentStart', { experiment: operation.experiment });
    case 'experiment.stop':
      return t('changeRequests:operations.experimentStop', {
        experiment: operation.experiment,
        outcome: t(`changeRequests:operations.outcomes.${operation.stop.outcome}`),
      });
    case 'experiment.update':
      return t(
        operation.update.reRandomise
          ? 'changeRequests:operations.experimentReRandomise'
          : 'changeRequests:operations.experimentUpdate',
        { experiment: operation.experiment },
      );
    case 'segment.update':
      return t('changeRequests:operations.segmentUpdate', { segment: operation.segment });
    case 'holdout.create':
      return t('changeRequests:operations.holdoutCreate', {
        holdout: operation.create.key,
        percent: operation.create.percent / 100,
      });
    case 'holdout.update':
      return t('changeRequests:operations.holdoutUpdate', { holdout: operation.holdout });
    case 'holdout.stop':
      return t('changeRequests:operations.holdoutStop', { holdout: operation.holdout });
  }
}

export const environmentNames =
  (changeRequest: Pick<ChangeRequest, 'environments'>) =>
  (key: string): string =>
    changeRequest.environments.find((environment) => environment.key === key)?.name ?? key;

/** The request's title, or for one left untitled what its first change does (and how many more follow). */
export function changeRequestSummary(
  changeRequest: Pick<ChangeRequest, 'title' | 'changes' | 'environments'>,
  context: Omit<TitleContext, 'environmentName'>,
): string {
  if (changeRequest.title) return changeRequest.title;
  const [first, ...rest] = changeRequest.changes;
  if (!first) return context.t('changeRequests:summary.empty');
  const title = operationTitle(first.operation, { ...context, environmentName: environmentNames(changeRequest) });
  return rest.length === 0 ? title : context.t('changeRequests:summary.more', { title, count: rest.length });
}
