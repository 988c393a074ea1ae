import { serveWorker } from '../../../lib/worker-pool';
import { validatePackage } from './package-validate';

// The `wbt-unpack` thread (decision 0020 §1.5): unzipping and storing a package never holds the
// event loop of the app.
serveWorker(validatePackage);
