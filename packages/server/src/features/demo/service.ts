export { demoClientKeyOf } from './demo-key';
export { CLIENT_KEY_PATTERN, renderPlainShop } from './page';
export { type DemoProject, seedDemoProject } from './seed';
