import { Card } from '@caliber/ui-kit';
import { Link } from '@caliber/web';
import { AddEquipmentForm } from '../components/AddEquipmentForm';
import '../equipment.css';

export function AddEquipmentPage() {
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Add Equipment</h1>
          <p className="page__subtitle">Register a device in the inventory. Fields marked * are required.</p>
        </div>
        <Link to="/equipment">Back to Equipment Inventory</Link>
      </header>
      <Card>
        <AddEquipmentForm />
      </Card>
    </div>
  );
}
