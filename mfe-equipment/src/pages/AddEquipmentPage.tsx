import { Card, PageHeader } from '@caliber/ui-kit';
import { Link } from '@caliber/web';
import { AddEquipmentForm } from '../components/AddEquipmentForm';
import '../equipment.css';

export function AddEquipmentPage() {
  return (
    <div className="page">
      <PageHeader
        title="Add Equipment"
        description="Register a device in the inventory. Fields marked * are required."
        actions={<Link to="/equipment">Back to Equipment Inventory</Link>}
      />
      <Card>
        <AddEquipmentForm />
      </Card>
    </div>
  );
}
