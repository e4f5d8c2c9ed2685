import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { templateFixture } from '../fixtures';
import { firstWithProblems, settleServerIssues, setupProblems } from './setup-problems';
import { setupDraft } from './template-setup';

const refusal = (...details: { path: string; message: string }[]) =>
  new ApiError(400, 'validation_failed', details[0]?.message ?? 'Invalid request', details);

describe('setup problems', () => {
  it('finds each section’s problems with the wizard’s checks, the unit attribute with the audience', () => {
    const draft = setupDraft(templateFixture());
    expect(setupProblems(draft)).toEqual({ audience: [], versions: [], metrics: [] });
    const [control, treatment] = draft.versions;
    const broken = setupProblems({ ...draft, unitAttribute: ' ', versions: [control!, { ...treatment!, weight: 1 }] });
    expect(broken.audience.map((problem) => problem.path)).toEqual(['unitAttribute']);
    expect(broken.versions.map((problem) => problem.path)).toEqual(['weights']);
    expect(firstWithProblems(broken)).toBe('audience');
  });

  it('puts the server’s problems with the settings on the fields that edit them', () => {
    const { problems, rest } = settleServerIssues(
      refusal(
        { path: 'settings.versions', message: 'Weights add up to 9000; they must add up to 10000 (100%)' },
        { path: 'settings.versions.1.key', message: 'Version "control" appears twice' },
        { path: 'settings.conditions.0.values', message: 'Too small' },
        { path: 'settings.metrics', message: 'There is no metric "bounce"' },
      ),
    );
    const placed = (found: typeof problems.audience) => found.map(({ path, message }) => [path, message]);
    expect(placed(problems.audience)).toEqual([['conditions', 'Too small']]);
    expect(placed(problems.versions)).toEqual([
      ['versions', 'Weights add up to 9000; they must add up to 10000 (100%)'],
      ['versions.1.key', 'Version "control" appears twice'],
    ]);
    expect(placed(problems.metrics)).toEqual([['metrics', 'There is no metric "bounce"']]);
    expect(rest).toBeNull();
  });

  it('leaves for the form what no field of the setup shows', () => {
    const { problems, rest } = settleServerIssues(
      refusal(
        { path: 'settings.traffic', message: 'Too big' },
        { path: 'settings.plannedDays', message: 'at most 365 days' },
        { path: 'name', message: 'Please input valid name' },
      ),
    );
    expect(problems.audience).toHaveLength(1);
    expect(rest).toBeInstanceOf(ApiError);
    expect((rest as ApiError).message).toBe('at most 365 days');
    expect((rest as ApiError).fieldIssues.map((issue) => issue.path)).toEqual(['settings.plannedDays', 'name']);

    const conflict = new ApiError(409, 'conflict', 'Changed meanwhile');
    expect(settleServerIssues(conflict).rest).toBe(conflict);
  });
});
