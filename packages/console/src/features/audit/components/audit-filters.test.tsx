import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { AuditFilters } from './audit-filters';

function choose(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = document.querySelectorAll(`.ant-select-item-option[title="${label}"]`);
  fireEvent.click(options[options.length - 1] as Element);
}

const actors = [{ value: 'usrAda', label: 'Ada' }];
const projects = [{ value: 'prjShop', label: 'Shop' }];

describe('audit filters', () => {
  it('narrows by entity type, actor and project, each keeping the others', () => {
    const onChange = vi.fn();
    renderWithApp(
      <AuditFilters value={{ projectId: 'prjShop' }} onChange={onChange} actors={actors} projects={projects} />,
      { me: meAs('viewer') },
    );
    choose('audit-filter-entity-type', 'API key');
    expect(onChange).toHaveBeenLastCalledWith({ projectId: 'prjShop', entityType: 'api_key' });
    choose('audit-filter-actor', 'Ada');
    expect(onChange).toHaveBeenLastCalledWith({ projectId: 'prjShop', actorId: 'usrAda' });
  });

  it('sets one filter without touching the others', () => {
    const onChange = vi.fn();
    renderWithApp(
      <AuditFilters
        value={{ entityType: 'project', actorId: 'usrAda' }}
        onChange={onChange}
        actors={actors}
        projects={projects}
      />,
      { me: meAs('viewer') },
    );
    choose('audit-filter-project', 'Shop');
    expect(onChange).toHaveBeenLastCalledWith({ entityType: 'project', actorId: 'usrAda', projectId: 'prjShop' });
  });
});
