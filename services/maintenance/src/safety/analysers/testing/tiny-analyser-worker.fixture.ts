import { runFileWorker } from '@caliber/file-kit/worker';
import { maintenanceFileJobs } from '../../../files/file-jobs';
import { ANALYSER_FORMATS } from '../read-analyser-file';
import { tinyAnalyser } from './tiny-analyser.fixture';

/**
 * A maintenance file worker entry that reads one analyser format more than the service's own
 * (`tinyAnalyser`): what a release of the maintenance service with a new format runs.
 */
runFileWorker(maintenanceFileJobs([...ANALYSER_FORMATS, tinyAnalyser]));
