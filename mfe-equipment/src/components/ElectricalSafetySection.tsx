import { hasFullAccess, type SafetyTestDto } from '@caliber/contracts';
import { Badge, Button, formatDate, LoadStates, Modal } from '@caliber/ui-kit';
import { DocumentsPanel } from '@caliber/ui-widgets';
import { documentRecordPath, errorMessage, Link, useCurrentUser } from '@caliber/web';
import { useId, useState } from 'react';
import { useDeviceSafetyTests } from '../hooks/equipment-queries';
import '../safety.css';

const resultTone = (result: SafetyTestDto['result']) => (result === 'Pass' ? 'green' : 'red');

/**
 * A device's electrical-safety tests (IEC 62353) on its page, for everyone: when the next test is
 * due (from its Safety Testing plan, overdue in red), the latest result, and every test with its
 * tester, instrument, result and the Repair task a failure opened, and the analyser's printouts
 * of each. Engineers and Admins record a test, and attach its printout, from here.
 */
export function ElectricalSafetySection({ equipmentId }: { equipmentId: string }) {
  const user = useCurrentUser();
  const headingId = useId();
  const tests = useDeviceSafetyTests(equipmentId);
  const { data } = tests;
  const error = tests.isError
    ? errorMessage(tests.error, 'Failed to load the electrical safety tests')
    : null;
  const reload = () => void tests.refetch();
  const latest = data?.tests[0] ?? null;
  // The test whose printouts (the analyser's paper or file) are open, if any.
  const [printoutsOf, setPrintoutsOf] = useState<string | null>(null);

  return (
    <section className="ck-card safety-section" aria-labelledby={headingId} id="electrical-safety">
      <div className="safety-section__head">
        <h2 className="ck-card__title" id={headingId}>
          Electrical safety
        </h2>
        {hasFullAccess(user.role) ? (
          <Link
            className="ck-button ck-button--primary"
            to={`/equipment/${encodeURIComponent(equipmentId)}/safety-tests/new`}
          >
            Record safety test
          </Link>
        ) : null}
      </div>
      <LoadStates data={data} error={error} onRetry={reload} loadingText="Loading safety tests…">
        {(data) => (
          <>
            <dl className="safety-facts">
              <div className="safety-facts__item">
                <dt>Next test due</dt>
                <dd>
                  {data.due ? (
                    <>
                      {formatDate(data.due.dueDate)}{' '}
                      {data.due.overdue ? <Badge tone="red">Overdue</Badge> : null}
                      <span className="muted safety-facts__note">{data.due.planTitle}</span>
                    </>
                  ) : (
                    <span className="muted">No safety-testing plan</span>
                  )}
                </dd>
              </div>
              <div className="safety-facts__item">
                <dt>Latest result</dt>
                <dd>
                  {latest ? (
                    <>
                      <Badge tone={resultTone(latest.result)}>{latest.result}</Badge>{' '}
                      <span className="muted">{formatDate(latest.testedOn)}</span>
                    </>
                  ) : (
                    <span className="muted">Never tested</span>
                  )}
                </dd>
              </div>
            </dl>
            {data.due?.taskToComplete ? (
              // Recording a test leaves the plan's PM task open, so the due date has not moved yet.
              <p className="safety-section__complete">
                Test recorded; complete the PM task{' '}
                <Link to={`/tasks?task=${encodeURIComponent(data.due.taskToComplete._id)}`}>
                  “{data.due.taskToComplete.title}”
                </Link>{' '}
                to move the due date.
              </p>
            ) : null}
            {data.tests.length === 0 ? (
              <p className="muted">No electrical safety test is recorded for this device yet.</p>
            ) : (
              <div className="ck-table-frame">
                <table className="ck-table ck-table--dense import-table safety-table">
                  <caption className="visually-hidden">Electrical safety tests, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Tester</th>
                      <th scope="col">Instrument</th>
                      <th scope="col">Result</th>
                      <th scope="col">Repair task</th>
                      <th scope="col">Printout</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.tests.map((test) => (
                      <tr key={test._id}>
                        <td data-label="Date">{formatDate(test.testedOn)}</td>
                        <td data-label="Tester">{test.testerName}</td>
                        <td data-label="Instrument">{test.instrument}</td>
                        <td data-label="Result">
                          <div>
                            <Badge tone={resultTone(test.result)}>{test.result}</Badge>
                            {test.result === 'Fail' ? (
                              <span className="safety-table__failed">
                                {test.evaluation.failed.join('; ')}
                              </span>
                            ) : null}
                            {test.analyserResult && test.analyserResult !== test.result ? (
                              <span className="safety-table__disagrees">
                                The analyser said {test.analyserResult}
                              </span>
                            ) : null}
                          </div>
                        </td>
                        <td data-label="Repair task">
                          {test.repairTask ? (
                            <Link to={`/tasks?task=${encodeURIComponent(test.repairTask._id)}`}>
                              {test.repairTask.title}
                            </Link>
                          ) : (
                            <span className="muted">—</span>
                          )}
                        </td>
                        <td data-label="Printout">
                          <Button
                            variant="ghost"
                            onClick={() => setPrintoutsOf(test._id)}
                            aria-label={`Printouts of the test of ${formatDate(test.testedOn)}`}
                          >
                            Printouts
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {data.total > data.tests.length ? (
              <p className="muted">
                The latest {data.tests.length} of {data.total} tests are shown.
              </p>
            ) : null}
          </>
        )}
      </LoadStates>
      <Modal
        title="The analyser's printouts"
        open={printoutsOf !== null}
        onClose={() => setPrintoutsOf(null)}
        size="large"
      >
        {printoutsOf ? (
          <DocumentsPanel
            recordPath={documentRecordPath('safety-tests', printoutsOf)}
            label="Printouts"
            purposes={hasFullAccess(user.role) ? ['printout'] : []}
            canRemove={(document) => hasFullAccess(user.role) || document.addedById === user._id}
            emptyText="No printout is attached to this test yet."
          />
        ) : null}
      </Modal>
    </section>
  );
}
