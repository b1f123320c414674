export * as listSearch from '../../parts/listSearch';
export * as loadOptions from './loadOptions';
