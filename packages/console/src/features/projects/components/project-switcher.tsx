import { ProjectOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionTestIds } from '../../../components/option-test-ids';
import { useProjects } from '../api/get-projects';

interface ProjectSwitcherProps {
  value: string | null;
  onChange: (projectId: string) => void;
}

export function ProjectSwitcher({ value, onChange }: ProjectSwitcherProps) {
  const { t } = useTranslation('projects');
  const projects = useProjects();
  const options = (projects.data ?? []).map((project) => ({
    value: project.id,
    label: project.name,
    name: project.name,
  }));
  return (
    <Select
      data-testid="project-switcher"
      aria-label={t('switcher.label')}
      placeholder={t('switcher.placeholder')}
      prefix={<ProjectOutlined />}
      loading={projects.isPending}
      value={value && options.some((option) => option.value === value) ? value : undefined}
      onChange={onChange}
      optionRender={optionTestIds('project-option')}
      options={options}
      showSearch={{ optionFilterProp: 'name' }}
      style={{ width: 240, minWidth: 0, flexShrink: 1 }}
      notFoundContent={t('switcher.empty')}
    />
  );
}
