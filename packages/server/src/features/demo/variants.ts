/** The demo shop comes as plain HTML with a small script, and as a React app that renders it again and again. */
export const DEMO_PATHS = { plain: '/demo', react: '/demo/react' } as const;
export type DemoVariant = keyof typeof DEMO_PATHS;
