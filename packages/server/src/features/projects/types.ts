export interface Environment {
  id: string;
  projectId: string;
  key: string;
  name: string;
  createdAt: Date;
}

export interface Project {
  id: string;
  organizationId: string;
  name: string;
  description: string;
  createdAt: Date;
  environments: Environment[];
}
