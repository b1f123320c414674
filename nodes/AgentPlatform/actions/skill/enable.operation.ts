import { toggleOperation } from './toggle';

export const { description, prepare } = toggleOperation('enable');
