import type { RiskAssessmentDto, RiskClass } from '@caliber/contracts';
import type { ReactNode } from 'react';

/** The theme colours a risk badge takes (equipment.css maps each to the UI kit's tokens). */
export type RiskTone = 'red' | 'yellow' | 'teal' | 'purple';

/** Red, yellow and teal: the status badges use green, so a Low class is not read as "Serviceable". */
export const RISK_CLASS_TONES: Record<RiskClass, RiskTone> = { High: 'red', Medium: 'yellow', Low: 'teal' };

/**
 * A risk badge: outlined, so it reads apart from the filled status badge next to it, and with its
 * own class names, so "the card's status badge" stays one element for screens and tests alike.
 */
export function RiskBadge({ tone, children }: { tone: RiskTone; children: ReactNode }) {
  return <span className={`risk-badge risk-badge--${tone}`}>{children}</span>;
}

/** The flag worth a glance: life support says more than high risk (every life-support device is high risk). */
export function riskFlagLabel(risk: RiskAssessmentDto): string | null {
  if (risk.lifeSupport) return 'Life support';
  if (risk.highRisk) return 'High risk';
  return null;
}

/** The card's risk badges: the class, and the strongest flag; nothing while the item is not assessed. */
export function RiskBadges({ risk }: { risk: RiskAssessmentDto | null }) {
  if (!risk) return null;
  const flag = riskFlagLabel(risk);
  return (
    <span className="risk-badges">
      <RiskBadge tone={RISK_CLASS_TONES[risk.riskClass]}>{`Risk: ${risk.riskClass}`}</RiskBadge>
      {flag ? <RiskBadge tone={risk.lifeSupport ? 'purple' : 'red'}>{flag}</RiskBadge> : null}
    </span>
  );
}
