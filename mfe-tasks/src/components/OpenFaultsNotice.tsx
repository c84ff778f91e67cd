import { addToReportSchema, type OpenFault } from '@caliber/contracts';
import { Button, ErrorBox, formatDateTime, TextAreaField, useToast } from '@caliber/ui-kit';
import { errorMessage, Link, TaskStatusBadge, useNavigate } from '@caliber/web';
import { useId, useState, type FormEvent } from 'react';
import { readError, useAddToReport, useOpenFaults } from '../hooks/task-queries';
import { openFaultsHeading, reportedLine } from '../utils/open-faults';

/** Where the person follows the report they added to: the task's details on the task page. */
export const taskPage = (taskId: string) => `/tasks?task=${encodeURIComponent(taskId)}`;

/**
 * Report Issue's duplicate hint: the chosen device's open fault reports, above the form. Each can
 * take the person's account instead of a second task for the same fault; the form below stays
 * for a fault that is a different one. Nothing is shown while the device has none, or while they
 * are read; a failed read says so and does not stand in the way of reporting.
 */
export function OpenFaultsNotice({ equipmentId, draft }: { equipmentId: string; draft: string }) {
  const faults = useOpenFaults(equipmentId);
  const error = readError(faults, 'Could not check this device for open fault reports');
  const page = faults.data;
  const headingId = useId();
  if (error) return <p className="muted task-open-faults__unread">{error}</p>;
  if (!page || page.faults.length === 0) return null;
  return (
    <section className="task-open-faults" aria-labelledby={headingId}>
      <h2 id={headingId} className="task-open-faults__title">
        {openFaultsHeading(page.total)}
      </h2>
      <p className="task-open-faults__hint">
        If it is the same fault, add what you saw to the report below instead of filing a new one. If it is a
        different fault, report it with the form.
      </p>
      <ul className="task-open-faults__list">
        {page.faults.map((fault) => (
          <OpenFaultItem key={fault._id} fault={fault} draft={draft} />
        ))}
      </ul>
      {page.total > page.faults.length ? (
        <p className="muted">
          The newest {page.faults.length} of {page.total} open reports.{' '}
          <Link to={`/equipment/${encodeURIComponent(equipmentId)}`}>
            See them all in the device&apos;s history
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function OpenFaultItem({ fault, draft }: { fault: OpenFault; draft: string }) {
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddToReport();
  const toast = useToast();
  const navigate = useNavigate();
  const fieldId = useId();

  const open = () => {
    // What the person already typed in the form is usually what they came to say.
    setText(draft);
    setProblem(null);
    setAdding(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = addToReportSchema.safeParse({ description: text });
    if (!body.success) {
      setProblem(body.error.issues[0]?.message ?? 'Describe what you saw.');
      return;
    }
    setProblem(null);
    try {
      await add.mutateAsync({ taskId: fault._id, body: body.data });
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to add to the report'));
      return;
    }
    toast.success(`Your report was added to "${fault.title}".`);
    navigate(taskPage(fault._id));
  };

  return (
    <li className="task-open-faults__item">
      <div className="task-open-faults__head">
        <strong className="task-open-faults__name">{fault.title}</strong>
        <TaskStatusBadge status={fault.status} />
      </div>
      <p className="task-open-faults__facts">
        {reportedLine(fault, formatDateTime(fault.createdAt))}
        <br />
        {fault.assignedTo ? `Assigned to ${fault.assignedTo.name}` : 'Not assigned yet'}
        {fault.addedReports > 0
          ? ` · ${fault.addedReports} ${fault.addedReports === 1 ? 'person has' : 'people have'} added to it`
          : ''}
      </p>
      {adding ? (
        <form
          className="task-open-faults__add"
          onSubmit={submit}
          noValidate
          aria-label={`Add to ${fault.title}`}
        >
          {problem ? <ErrorBox>{problem}</ErrorBox> : null}
          <TextAreaField
            id={fieldId}
            label="What you saw"
            rows={3}
            maxLength={4000}
            value={text}
            onChange={(event) => setText(event.target.value)}
            invalid={problem !== null}
          />
          <div className="task-open-faults__actions">
            <Button type="submit" size="small" busy={add.isPending} busyLabel="Adding...">
              Add my report
            </Button>
            <Button variant="ghost" size="small" onClick={() => setAdding(false)} disabled={add.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" size="small" onClick={open}>
          Add to this report
        </Button>
      )}
    </li>
  );
}
