import { redirect } from 'react-router';
import { paths } from '../paths.ts';

/** /admin opens the first section. */
export const loader = () => redirect(paths.adminOrders());
