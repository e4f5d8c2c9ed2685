/** An environment whose switch affects real users: its key is production, or its name says so. */
export const isProductionEnvironment = (environment: { key: string; name: string }): boolean =>
  environment.key === 'production' || /production/i.test(environment.name);
