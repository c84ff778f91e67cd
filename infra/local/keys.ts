// `npm run keys`: prints a new set of statement keys for a deployment: one private SIGNING_KEY per
// process (the gateway and each domain service) and the TRUSTED_KEYS every process is given.
import { describeKeySet, newStatementKeys } from './src';

process.stdout.write(describeKeySet(newStatementKeys()));
