import './tap-targets.css';

/**
 * The class of a link that stands alone (not inside running text): at least 44 × 44 px on a phone or a touch
 * screen, unchanged on a desktop. Links that are a table cell's only content get it from `RecordTable`.
 */
export const TAP_TARGET = 'tap-target';
