import type { RouteName } from '../../../../src/routes';
import { toggleOperation } from './toggle';

export const route = 'skill.enable' satisfies RouteName;

export const { description, prepare } = toggleOperation('enable', route);
