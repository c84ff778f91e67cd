import { Badge } from '@caliber/ui-kit';

/** A device's risk flags as small tags; nothing when it has neither. */
export function RiskTags({ highRisk, lifeSupport }: { highRisk: boolean; lifeSupport: boolean }) {
  if (!highRisk && !lifeSupport) return null;
  return (
    <span className="maintenance-item__tags">
      {lifeSupport ? <Badge tone="purple">Life-support</Badge> : null}
      {highRisk ? <Badge tone="yellow">High-risk</Badge> : null}
    </span>
  );
}
