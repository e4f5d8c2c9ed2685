export { CLIENT_KEY_PATTERN, renderDemoPage } from './page';
export { type DemoProject, seedDemoProject } from './seed';
