import { Button, LoadStates, Modal } from '@caliber/ui-kit';
import { readError, useComplianceList } from '../hooks/task-queries';
import { equipmentLabel } from '../utils/format';
import type { EquipmentChoice } from './EquipmentPicker';
import { CompliancePage } from './CompliancePage';
import { RiskTags } from './RiskTags';

/**
 * Devices whose risk puts them in the PM program but that no active plan covers, life support
 * first, a page at a time (a large inventory has thousands).
 */
export function UnplannedDevicesDialog({
  onClose,
  onSchedule,
}: {
  onClose(): void;
  onSchedule?: (device: EquipmentChoice) => void;
}) {
  const { read: list, setPage } = useComplianceList('unplanned');
  return (
    <Modal title="Devices without a PM plan" open onClose={onClose}>
      <p className="muted maintenance-dialog__intro">
        Their risk assessment puts them in the PM program, and no active plan covers them.
      </p>
      <LoadStates
        data={list.data}
        error={readError(list, 'Failed to load the devices without a plan')}
        onRetry={() => void list.refetch()}
        loadingText="Loading devices without a plan…"
      >
        {(answer) =>
          answer.total === 0 ? (
            <p className="maintenance-panel__empty">Every device in the PM program has a plan.</p>
          ) : (
            <CompliancePage
              answer={answer}
              loading={list.isPlaceholderData}
              pagerLabel="Pages of devices without a plan"
              onPage={setPage}
            >
              {answer.items.map((device) => (
                <li key={device.equipmentId} className="maintenance-item" aria-label={device.name}>
                  <div className="maintenance-item__head">
                    <h3 className="maintenance-item__title">{equipmentLabel(device)}</h3>
                    <RiskTags highRisk={device.highRisk} lifeSupport={device.lifeSupport} />
                  </div>
                  <p className="maintenance-item__meta">
                    <span>{[device.department, device.category].filter(Boolean).join(' · ')}</span>
                    {device.riskClass ? <span>Risk class {device.riskClass}</span> : null}
                    {onSchedule ? (
                      <Button
                        variant="link"
                        onClick={() =>
                          onSchedule({
                            _id: device.equipmentId,
                            name: device.name,
                            serialNumber: device.serialNumber,
                          })
                        }
                      >
                        Schedule PM
                      </Button>
                    ) : null}
                  </p>
                </li>
              ))}
            </CompliancePage>
          )
        }
      </LoadStates>
    </Modal>
  );
}
