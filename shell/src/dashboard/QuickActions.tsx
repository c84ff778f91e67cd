import { Button, Card, Spinner } from '@caliber/ui-kit';
import { Link } from '@caliber/web';
import { useReportDialog } from './use-report-dialog';

/** The spec's four shortcuts; Generate Report opens the reports remote's dialog in place. */
export function QuickActions() {
  const report = useReportDialog();
  const { Dialog } = report;
  return (
    <Card title="Quick Actions" titleId="dashboard-quick-actions" className="dashboard-actions-card">
      <div className="dashboard-actions">
        <Link to="/add-equipment" className="ck-button ck-button--primary">
          Add Equipment
        </Link>
        <Link to="/equipment" className="ck-button ck-button--secondary">
          View Inventory
        </Link>
        {/* Not disabled while the dialog loads: a disabled button drops focus, and the dialog
            returns focus on closing to what had it when it opened. */}
        <Button variant="secondary" onClick={report.show} aria-busy={report.loading || undefined}>
          {report.loading ? <Spinner size="small" label="" /> : null}
          Generate Report
        </Button>
        <Link to="/tasks" className="ck-button ck-button--secondary">
          Maintenance Tasks
        </Link>
      </div>
      {report.error ? (
        <p className="dashboard-actions__error" role="alert">
          {report.error} Press Generate Report to try again.
        </p>
      ) : null}
      {Dialog ? <Dialog open={report.open} onClose={report.close} /> : null}
    </Card>
  );
}
