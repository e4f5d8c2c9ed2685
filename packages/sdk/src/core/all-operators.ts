// Every build but the snippet bundle evaluates every operator at once. The snippet bundle is built without this module
// (scripts/build.mjs): it installs the optional operators and the holdout check from a part it loads when a payload uses one.
import { installOperators } from './operators';
import * as part from './optional-operators';

installOperators(part);
