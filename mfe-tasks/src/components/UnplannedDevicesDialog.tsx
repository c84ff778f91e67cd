import type { PmComplianceResponse } from '@caliber/contracts';
import { Button, Modal } from '@caliber/ui-kit';
import { listCoverage } from '../utils/compliance-format';
import { equipmentLabel } from '../utils/format';
import type { EquipmentChoice } from './EquipmentPicker';
import { RiskTags } from './RiskTags';

/** Devices whose risk puts them in the PM program but that no active plan covers. */
export function UnplannedDevicesDialog({
  unplanned,
  onClose,
  onSchedule,
}: {
  unplanned: PmComplianceResponse['unplanned'];
  onClose(): void;
  onSchedule?: (device: EquipmentChoice) => void;
}) {
  const coverage = listCoverage(unplanned.items.length, unplanned.total);
  return (
    <Modal title="Devices without a PM plan" open onClose={onClose}>
      <p className="muted maintenance-dialog__intro">
        Their risk assessment puts them in the PM program, and no active plan covers them.
        {coverage ? ` ${coverage}` : ''}
      </p>
      {unplanned.items.length === 0 ? (
        <p className="maintenance-panel__empty">Every device in the PM program has a plan.</p>
      ) : (
        <ul className="maintenance-list">
          {unplanned.items.map((device) => (
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
        </ul>
      )}
    </Modal>
  );
}
