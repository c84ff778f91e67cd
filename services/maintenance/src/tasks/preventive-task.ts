import { createPmPlanSchema, type NewPmPlan, type NewTask } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';

/** The plan's fields under the names the task's body gives them. */
const TASK_FIELD_OF_PLAN_FIELD: Record<string, string> = {
  interval: 'pmInterval',
  firstDueDate: 'dueDate',
  equipmentId: 'equipmentId',
};

/**
 * The PM plan a new Preventive task starts: preventive work recurs, so its interval is the plan's
 * and its due date the first occurrence's (on the manufacturer's schedule, as the Assign Task
 * modal asks nothing else). The plan's own rules apply to it, a refusal naming the task's field.
 */
export function planOfPreventiveTask(task: NewTask): NewPmPlan {
  const parsed = createPmPlanSchema.safeParse({
    equipmentId: task.equipmentId,
    title: task.title,
    description: task.description,
    pmType: task.pmType,
    interval: task.pmInterval,
    assignedTo: task.assignedTo,
    priority: task.priority,
    firstDueDate: task.dueDate,
  });
  if (parsed.success) return parsed.data;
  throw ServiceError.validation(
    parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? '');
      return { path: TASK_FIELD_OF_PLAN_FIELD[field] ?? field, message: issue.message };
    }),
  );
}
