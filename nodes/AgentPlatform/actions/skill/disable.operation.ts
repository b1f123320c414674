import type { RouteName } from '../../../../src/routes';
import { toggleOperation } from './toggle';

export const route = 'skill.disable' satisfies RouteName;

export const { description, prepare } = toggleOperation('disable', route);
