// The items feature's public entry: what other features may use. Everything else in this folder is internal.
export { ItemPicker } from './item-picker';
