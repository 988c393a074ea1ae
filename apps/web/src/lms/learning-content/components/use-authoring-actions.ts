import '../styles';
import { useDeleteItem } from '../api/delete-item';
import { useDeleteUnit } from '../api/delete-unit';
import { useOrderContent } from '../api/order-content';
import { usePublishItem } from '../api/publish-item';
import { useUnitTransition } from '../api/run-unit-transition';

/** The authoring page's changes (order, unit steps, publishing, deleting) and the first that failed. */
export function useActions() {
  const order = useOrderContent();
  const transition = useUnitTransition();
  const publishItem = usePublishItem();
  const deleteUnit = useDeleteUnit();
  const deleteItem = useDeleteItem();
  const error =
    order.error ?? transition.error ?? publishItem.error ?? deleteUnit.error ?? deleteItem.error;
  return { order, transition, publishItem, deleteUnit, deleteItem, error };
}
export type Actions = ReturnType<typeof useActions>;
